import CheckroomIcon from "@mui/icons-material/Checkroom"
import { lazy } from "react"
import { ProductList } from "./ProductList"

// The editor (the shared contract's schemas with it) loads in its own chunk, when first opened.
const ProductCreate = lazy(() => import("./ProductCreate").then((module) => ({ default: module.ProductCreate })))
const ProductEdit = lazy(() => import("./ProductEdit").then((module) => ({ default: module.ProductEdit })))

/** The products resource; the editor lives at products/new and products/{id}/edit (spec section 2), see App. */
export default { list: ProductList, edit: ProductEdit, create: ProductCreate, icon: CheckroomIcon }
