/**
 * The id of the `<script type="application/json">` in which the BFF sends, inside a page's HTML, the
 * answers to the API reads that page makes first; the storefront reads it by the same id.
 */
export const SERVER_ANSWERS_ELEMENT_ID = "server-answers"

export type QueryValue = string | number | boolean | null | undefined

export type QueryParams = Record<string, QueryValue>

/** A query string's parameters, leaving out empty values. */
export function toSearchParams(params?: QueryParams): URLSearchParams {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === "") continue
    search.append(key, String(value))
  }
  return search
}

/** The path with its query string, or the bare path when there is none. */
export const withQuery = (path: string, search: URLSearchParams): string => {
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

/**
 * A read's key in the server answers on both sides: the path and its non-empty parameters sorted by
 * name, so the order either side writes them in does not matter.
 */
export function sortedUrl(path: string, params?: QueryParams): string {
  const search = toSearchParams(params)
  search.sort()
  return withQuery(path, search)
}
