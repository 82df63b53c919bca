/**
 * The search page's and the suggestions' addresses for the first page's code (the header's search box and the route
 * map). They are contracts' (search.ts), which builds zod schemas when imported, and zod must stay out of the first
 * page (build/check-bundle-size.ts); search-paths.test.ts holds these equal to contracts'.
 */
export const SEARCH_PAGE = "/search"
export const SUGGEST_API = "/api/search/suggest"

/** The search page's address for what a shopper typed, as contracts' searchPath writes it. */
export const searchAddress = (q: string): string => `${SEARCH_PAGE}?${new URLSearchParams({ q }).toString()}`
