import { StrictMode } from "react"
import { renderToString } from "react-dom/server"
import { StaticRouter } from "react-router-dom"
import { type PageFirstReads, type PageRenderRequest, type RenderedPage, type StorefrontRenderer } from "@fitshop/contracts"
import { App } from "./app/app"
import { preloadServerRenderedPages, rendersOnServer } from "./app/router"
import { shopFirstRead } from "./features/catalog/api/shop-first-read"
import { homeFirstReads } from "./features/home/api/home-first-reads"
import { ServerPageContext, type TellServer } from "./lib/document-meta"
import { renderedAt } from "./lib/page-origin"
import { renderedWithAnswers } from "./lib/server-answers"

// The policy and search pages load lazily in the browser; the render is synchronous, so it has their code before it is first asked.
await preloadServerRenderedPages()

/**
 * The server render the BFF runs for the pages anyone may open from a link (home, shop, product pages, search, the policy
 * pages, unknown addresses): the same components the browser then hydrates, with the same answers, so the page is painted
 * before any script runs. renderToString is synchronous: the answers and origin set for it can't leak into
 * another request's render.
 */
export function renderPage({ url, origin, sentAt, answers, failures }: PageRenderRequest): RenderedPage {
  if (!rendersOnServer(new URL(url, origin).pathname)) return null
  const page: NonNullable<RenderedPage> = { html: "", status: 200, meta: null }
  const tell: TellServer = (meta, status) => {
    page.meta = meta
    page.status = status
  }
  const html = renderedWithAnswers({ sentAt, answers, failures }, () =>
    renderedAt(origin, () =>
      renderToString(
        <ServerPageContext value={tell}>
          <StrictMode>
            <App router={(app) => <StaticRouter location={url}>{app}</StaticRouter>} />
          </StrictMode>
        </ServerPageContext>,
      ),
    ),
  )
  return { ...page, html }
}

export const renderer: StorefrontRenderer = { renderPage }

/** The reads the BFF answers inside the home and shop pages, computed by those pages' own helpers. */
export const firstReads: PageFirstReads = { home: homeFirstReads, shop: shopFirstRead }
