import CheckroomIcon from "@mui/icons-material/Checkroom"
import { chunkReload } from "@fitshop/web-client"
import { lazy } from "react"
import { ProductList } from "./ProductList"

// The editor (the shared contract's schemas with it) loads in its own chunk, when first opened (a rollout's missing chunk reloads once).
const ProductCreate = lazy(() => chunkReload.load(() => import("./ProductCreate").then((module) => ({ default: module.ProductCreate }))))
const ProductEdit = lazy(() => chunkReload.load(() => import("./ProductEdit").then((module) => ({ default: module.ProductEdit }))))

/** The products resource; the editor lives at products/new and products/{id}/edit (spec section 2), see App. */
export default { list: ProductList, edit: ProductEdit, create: ProductCreate, icon: CheckroomIcon }
