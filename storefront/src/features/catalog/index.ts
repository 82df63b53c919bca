/** The catalogue's public face: the product grid and the sort options other screens list products with (search). */
export { ProductGrid, ProductGridSkeleton } from "./components/product-grid"
export { SORT_OPTIONS } from "./utils/shop-filters"
