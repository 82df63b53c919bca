/** Search's public face: the header's search box (the /search page is a route, loaded when first opened). */
export { HeaderSearch } from "./components/header-search"
