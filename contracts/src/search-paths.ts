/** Search's addresses, zod-free: the storefront's header (in the first page's code) links with them. */

/** `GET /api/search` and its completions as you type; `/search?q=` is the page. */
export const SEARCH_API_PATH = "/api/search"
export const SEARCH_SUGGEST_PATH = "/api/search/suggest"
export const SEARCH_PAGE_PATH = "/search"

/** The search page's address for a query (and filters), as links and the suggestions write it. */
export function searchPath(q: string, filters: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams({ q })
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value)
  return `${SEARCH_PAGE_PATH}?${search.toString()}`
}
