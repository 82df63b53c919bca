import type { QueryParams } from "./server-answers.js"

/**
 * One of a page's first `GET /api/products` reads, with the parameters its page sends, and how many of the answer's
 * first products' pictures the page paints before any scrolling, at which `sizes` (the BFF preloads those).
 */
export type ListingFirstRead = { params: QueryParams; paintedFirst?: { count: number; sizes: string } }

/** What a /shop address lists first, and the address it is rendered and kept under (only what the page reads, sorted). */
export type ShopFirstRead = { address: string; reads: ListingFirstRead[] }

/**
 * The first reads of the pages the BFF sends with their answers inside, computed by the storefront's pages' own
 * helpers and exported by its server build (storefront/src/entry-server.tsx) beside the renderer, so the BFF asks
 * exactly what the pages will look up.
 */
export type PageFirstReads = {
  home(): ListingFirstRead[]
  shop(search: URLSearchParams): ShopFirstRead
}
