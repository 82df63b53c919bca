import { ProductEditor } from "./editor/ProductEditor"

/** /admin/products/new: "Add Product". */
export function ProductCreate() {
  return <ProductEditor />
}
