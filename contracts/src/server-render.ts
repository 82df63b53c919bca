import type { PageMeta } from "./page-meta.js"

/**
 * What the BFF asks the storefront's server render (storefront/src/entry-server.tsx, built to
 * storefront/dist-server/entry-server.js) for: a page at an address, as seen from the origin it was asked at,
 * with the answers its first reads get, exactly as the page's HTML will carry them (server-answers.ts).
 */
export type PageRenderRequest = {
  /** The path and query asked for. */
  url: string
  origin: string
  sentAt: number
  /** Each answer by its read's key (sortedUrl), parsed. */
  answers: Record<string, unknown>
  /** The status of reads that failed (a product that does not exist: 404), by the same key. */
  failures?: Record<string, number>
}

/**
 * The page's markup for the root element, its status and what it is called (null while it has not its data: a
 * product whose answer could not be read); null for pages painted in the browser only.
 */
export type RenderedPage = { html: string; status: 200 | 404; meta: PageMeta | null } | null

export type StorefrontRenderer = { renderPage(request: PageRenderRequest): RenderedPage }
