import { useParams } from "react-router-dom"
import { ProductEditor } from "./editor/ProductEditor"

/** /admin/products/{id}/edit: "Edit Product"; keyed by id so opening another product starts afresh. */
export function ProductEdit() {
  const { id } = useParams()
  return id ? <ProductEditor key={id} productId={id} /> : null
}
