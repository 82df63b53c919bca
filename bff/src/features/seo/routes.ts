import {
  homeMeta,
  LEGAL_INFO_PATH,
  LEGAL_PAGE_KEYS,
  LEGAL_PAGES,
  legalPageMeta,
  productMeta,
  productPath,
  SEARCH_API_PATH,
  SEARCH_PAGE_PATH,
  searchFirstRead,
  searchMeta,
  searchQuerySchema,
  sortedUrl,
  type LegalInfo,
  type PageMeta,
  type RenderedPage,
} from "@fitshop/contracts"
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http"
import { Router, type Request, type Response } from "express"
import { readRequest, type EarlyHandler } from "../../http/answer-before-express.js"
import { sendCompressed, VARY_BY_ENCODING } from "../../http/compressed-send.js"
import { logWhenAnswered } from "../../http/request-log.js"
import { currentRequest } from "../../lib/request-context.js"
import { HttpError } from "../../http/errors.js"
import type { Logger } from "../../lib/logger.js"
import type { Answers } from "../../lib/event-bus.js"
import { answerData, answerOf, productIdParams, type CatalogCache, type CatalogService } from "../catalog/index.js"
import { answerListingReads } from "./listing-reads.js"
import { pageHeadTags, withPageHead, type LinkPreview } from "./page-head.js"
import { galleryImagePreload, productJsonLd, productPreview } from "./product-meta.js"
import { serverAnswersTag, withHeadTags, type ServerAnswer, type ServerFailures } from "./server-answers.js"
import { loadStorefrontRenderer, type StorefrontServer } from "./storefront-renderer.js"
import { remembered, touched } from "../../lib/recently-used.js"
import type { SearchService } from "../search/index.js"

/** The pages carry a few kilobytes of data; compressed once per request, like the API's answers. */
export function sendHtml(req: Request, res: Response, html: string, status = 200) {
  res.status(status).set({ "Cache-Control": "no-cache" }).type("html")
  sendCompressed(req, res, html, { send: (bytes) => res.send(bytes) })
}

/**
 * A page as sent, kept to be sent again: its bytes, their gzipped form once a client took it, its ETag, and the
 * headers Express's middleware gave it (the same for every page: security headers without nonces), which the early
 * path sends again.
 */
type SentPage = { status: number; html: Buffer; gzipped?: Buffer; etag: string; builtAt: number; headers?: OutgoingHttpHeaders }

/** Headers that belong to one response, never replayed: its length and encoding, the connection's, the date. */
const OWN_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "set-cookie"])

/** Sends a kept page: gzipped once for every client that takes it, 304 to one that has it (Express compares the ETag). */
function sendKept(req: Request, res: Response, page: SentPage) {
  res.status(page.status).set({ "Cache-Control": "no-cache", ETag: page.etag }).type("html")
  page.headers ??= Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !OWN_HEADERS.has(name)))
  sendCompressed(req, res, page.html, { keep: page, send: (bytes) => res.send(bytes) })
}

/** Sends a kept page on Node's own response, ahead of Express, with the headers Express gave it: a 304 to a client that has it. */
function sendKeptEarly(req: IncomingMessage, res: ServerResponse, page: SentPage, headers: OutgoingHttpHeaders) {
  // What this response already carries (its request id, set before any handler) is its own, not the kept page's.
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !res.hasHeader(name)))
  if (req.headers["if-none-match"]?.split(/\s*,\s*/).includes(page.etag)) {
    res.writeHead(304, { ...kept, ...VARY_BY_ENCODING }).end()
    return
  }
  sendCompressed(req, res, page.html, {
    keep: page,
    headers: kept,
    send: (bytes) => {
      res.statusCode = page.status
      res.setHeader("Content-Length", Buffer.byteLength(bytes))
      res.end(req.method === "HEAD" ? undefined : bytes)
    },
  })
}

/** The app's root as index.html has it: a page sent with it has no server render in it. */
export const EMPTY_ROOT = '<div id="root"></div>'
/**
 * Pages rendered, per process: the same address with the same answers renders the same markup (5–10 ms a render).
 * Only pages that exist are kept, under the parameters they read, so unique query strings and made-up addresses
 * can't push the shop's own pages out.
 */
const RENDERED_PAGES_KEPT = 200
/**
 * A page assembled from the same answers (same ETags) is sent again as it was, head, answers and gzip included, for
 * this long: a drop's page reloaded by thousands costs a lookup, not a build and a 45 KB gzip each. Its `sentAt` is
 * the build's, at most this old: its answers were current then, and the same ETags say they still are.
 */
const SENT_PAGE_REUSE_MS = 5_000
/** A product page's address, its id captured (productPath's shape). */
const PRODUCT_PAGE_PATH = /^\/product\/([^/]+)$/

/** The answers to a page's first reads, and where it is. */
type PageAnswers = {
  /** The page's path and the parameters it reads (none besides the shop's): rendered at, and kept under; unset for a page not kept. */
  address?: string
  sentAt: number
  answers: ServerAnswer[]
  failures?: ServerFailures
}

/** The tags a page's head needs beside its render's own. */
type PageHead = {
  /** Preloads, JSON-LD: beyond the page's name and preview. */
  tags?: string[]
  preview?: LinkPreview
  /** What the page is called and answers when the server render can't say (the storefront built without it, or it failed). */
  otherwise: { meta: PageMeta | null; status: 200 | 404 }
}

/** What a page is made of besides its markup; a head read from the answers is described only when the page is built, not when it is sent again. */
type PageParts = PageAnswers & (PageHead | { describe: () => PageHead })

const NO_ANSWERS = (): Pick<PageAnswers, "sentAt" | "answers"> => ({ sentAt: Date.now(), answers: [] })

type PageRoutesDeps = {
  catalog: CatalogService
  search: SearchService
  /** The first page of a product's reviews, which its page comes rendered with. */
  reviews: Pick<Answers, "firstReviews">
  /** Keeps the first reviews with the catalogue's answers: every change to a product's reviews empties it (answer-changes.ts). */
  cache: CatalogCache
  legal: LegalInfo
  storefrontDist: string
  indexHtml: string
  publicUrl: string
  logger: Logger
}

/**
 * The storefront's pages as the server sends them. Home, shop and product pages and unknown addresses come
 * rendered by the storefront's own components (its server render, entry-server.tsx) with the answers to their
 * first reads inside, which the browser's first render uses, and preloads for the pictures they paint first;
 * with their title, description and canonical link, and a product's preview tags and JSON-LD; the policy pages
 * with the settings' facts (GET /api/legal's answer) they state; unknown addresses
 * and products answer 404 with the app's 404 page. A person's own pages (bag, account, …) come as the app's
 * index.html, painted in the browser. When a render fails, the page still comes with its answers. Home's and the
 * shop's first reads are the storefront's server build's (firstReads): without that build they come without answers,
 * and the browser reads them.
 */
export function storefrontPageRoutes({
  catalog,
  search,
  reviews,
  cache,
  legal,
  storefrontDist,
  indexHtml,
  publicUrl,
  logger,
}: PageRoutesDeps): Router & { early: EarlyHandler } {
  const router = Router()
  const storefrontServer: Promise<StorefrontServer | null> = loadStorefrontRenderer(storefrontDist).catch((error: unknown) => {
    logger.error({ err: error }, "the storefront's server render could not be loaded; pages are painted in the browser")
    return null
  })

  // The shop's own origin, never the request's Host: a cache in front keyed by path would hand one Host's addresses to all.
  const origin = new URL(publicUrl).origin
  const renderedPages = new Map<string, NonNullable<RenderedPage>>()
  const sentPages = new Map<string, SentPage>()
  /** The products whose page was built lately, and when: the early path looks only for these. */
  const recentProductPages = new Map<string, number>()

  /** A page's key: where it is and the answers (by ETag) it is made of; none for a page not kept. */
  const pageKey = ({ address, answers, failures }: PageAnswers) =>
    address && JSON.stringify([address, answers.map(({ url, answer }) => [url, answer.etag]), failures ?? {}])

  /** The page's render, kept under `key` (pageKey's; none for a page not kept). */
  async function render(req: Request, { address, sentAt, answers, failures }: PageAnswers, key: string | undefined): Promise<RenderedPage> {
    const storefront = await storefrontServer
    if (!storefront) return null
    const kept = key ? touched(renderedPages, key, renderedPages.get(key)) : undefined
    if (kept !== undefined) return kept
    try {
      const page = storefront.renderPage({
        url: address ?? req.originalUrl,
        origin,
        sentAt,
        answers: Object.fromEntries(answers.map(({ url, answer }) => [url, answerData(answer)])),
        failures,
      })
      return key && page?.status === 200 ? remembered(renderedPages, key, page, RENDERED_PAGES_KEPT) : page
    } catch (error) {
      logger.error({ err: error, path: req.path }, "server render failed; the browser paints the page")
      return null
    }
  }

  async function sendPage(req: Request, res: Response, parts: PageParts) {
    const key = pageKey(parts)
    const sent = key ? touched(sentPages, key, sentPages.get(key)) : undefined
    if (sent && Date.now() - sent.builtAt < SENT_PAGE_REUSE_MS) return sendKept(req, res, sent)
    const rendered = await render(req, parts, key)
    const head = "describe" in parts ? parts.describe() : parts
    const meta = rendered?.meta ?? head.otherwise.meta
    const { answers, failures = {}, sentAt } = parts
    const carried = answers.length || Object.keys(failures).length ? [serverAnswersTag(answers, sentAt, failures)] : []
    const tags = [...(meta ? pageHeadTags(meta, publicUrl, head.preview) : []), ...(head.tags ?? []), ...carried]
    const html = meta ? withPageHead(indexHtml, meta, tags) : withHeadTags(indexHtml, tags)
    const page = rendered ? html.replace(EMPTY_ROOT, () => `<div id="root">${rendered.html}</div>`) : html
    const status = rendered?.status ?? head.otherwise.status
    // Only a rendered page is kept: one painted in the browser (its render failed) is built again next time.
    if (!key || !rendered || status !== 200) return sendHtml(req, res, page, status)
    const { body, etag } = answerOf(page)
    const built = remembered(sentPages, key, { status, html: body, etag, builtAt: Date.now() }, RENDERED_PAGES_KEPT)
    sendKept(req, res, built)
    const product = parts.address && PRODUCT_PAGE_PATH.exec(parts.address)?.[1]
    if (product) remembered(recentProductPages, product, built.builtAt, RENDERED_PAGES_KEPT)
  }

  /** A page whose answers could not be read is still sent: its reads then go to the API, which shows its own errors. */
  async function withAnswers(page: string, read: () => Promise<PageAnswers>): Promise<PageAnswers> {
    try {
      return await read()
    } catch (error) {
      logger.warn({ err: error }, `${page} sent without its catalogue answers`)
      return NO_ANSWERS()
    }
  }

  router.get("/", async (req, res) => {
    const storefront = await storefrontServer
    const parts = await withAnswers("home page", async () => {
      if (!storefront) return NO_ANSWERS()
      const sentAt = Date.now()
      return { sentAt, ...(await answerListingReads(catalog, storefront.firstReads.home())) }
    })
    await sendPage(req, res, { ...parts, address: "/", otherwise: { meta: homeMeta(), status: 200 } })
  })

  router.get("/shop", async (req, res) => {
    const storefront = await storefrontServer
    const parts = await withAnswers("shop page", async () => {
      if (!storefront) return NO_ANSWERS()
      const { address, reads } = storefront.firstReads.shop(new URL(req.originalUrl, "http://shop.invalid").searchParams)
      const sentAt = Date.now()
      return { address, sentAt, ...(await answerListingReads(catalog, reads)) }
    })
    await sendPage(req, res, { ...parts, otherwise: { meta: null, status: 200 } })
  })

  /** A product page's answers, and its head read from them when it is built. Throws the product's 404. */
  async function productPageParts(productId: string): Promise<PageParts> {
    const key = `/api/products/${productId}`
    const sentAt = Date.now()
    const [answer, firstReviews] = await Promise.all([
      catalog.productPage(productId),
      cache.cached(`first-reviews:${productId}`, async () => JSON.stringify(await reviews.firstReviews(productId)), "product"),
    ])
    return {
      address: productPath(productId),
      sentAt,
      answers: [
        { url: key, answer },
        { url: `${key}/reviews`, answer: firstReviews },
      ],
      describe: () => {
        const { product } = answerData(answer)
        return {
          tags: [...galleryImagePreload(product), productJsonLd(product, publicUrl)],
          preview: productPreview(product),
          otherwise: { meta: productMeta(product), status: 200 },
        }
      },
    }
  }

  router.get("/product/:id", async (req, res) => {
    const key = `/api/products/${encodeURIComponent(req.params.id)}`
    const missing: PageParts = { ...NO_ANSWERS(), failures: { [key]: 404 }, otherwise: { meta: null, status: 404 } }
    const id = productIdParams.safeParse(req.params)
    if (!id.success) return sendPage(req, res, missing)
    try {
      await sendPage(req, res, await productPageParts(id.data.id))
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return sendPage(req, res, missing)
      throw error
    }
  })

  /**
   * A product page sent within SENT_PAGE_REUSE_MS is answered ahead of Express while its answers are unchanged: what
   * thousands reloading a drop cost is two cached answers' lookups and a write. Anything else (no page kept, an answer
   * changed, a read failing) goes on to Express's route, which builds and keeps it.
   */
  const early: EarlyHandler = (req, res, toExpress) => {
    const read = readRequest(req)
    const id = read && PRODUCT_PAGE_PATH.exec(read.path)?.[1]
    const recent = id && recentProductPages.get(id)
    if (!recent || Date.now() - recent > SENT_PAGE_REUSE_MS) return false
    const sendKeptOrBuild = (parts: PageParts) => {
      const key = pageKey(parts)
      const sent = key ? sentPages.get(key) : undefined
      if (!sent?.headers || Date.now() - sent.builtAt >= SENT_PAGE_REUSE_MS) return toExpress()
      const context = currentRequest()
      if (context) context.route = "/product/:id"
      if (logger.isLevelEnabled("info")) logWhenAnswered(logger, req, res, read!.path)
      sendKeptEarly(req, res, sent, sent.headers)
    }
    // A read that fails goes to Express's route, which answers it as it answers any failure.
    productPageParts(id)
      .then(sendKeptOrBuild, toExpress)
      .catch((error: unknown) => logger.error({ err: error, path: read!.path }, "a kept page could not be sent"))
    return true
  }

  // A search's page is rendered each time, not kept: the words are anyone's, and must not push the shop's pages out.
  router.get(SEARCH_PAGE_PATH, async (req, res) => {
    const read = searchFirstRead(new URL(req.originalUrl, "http://shop.invalid").searchParams)
    if (!read) return sendPage(req, res, { ...NO_ANSWERS(), otherwise: { meta: searchMeta("", 0), status: 200 } })
    let total = 0
    const parts = await withAnswers("search page", async () => {
      const sentAt = Date.now()
      const answer = await search.search(searchQuerySchema.parse(read.params))
      total = answerData(answer).total
      return { sentAt, answers: [{ url: sortedUrl(SEARCH_API_PATH, read.params), answer }] }
    })
    await sendPage(req, res, { ...parts, otherwise: { meta: searchMeta(read.params.q!, total), status: 200 } })
  })

  const legalAnswer = answerOf(JSON.stringify(legal))
  for (const key of LEGAL_PAGE_KEYS) {
    const { path } = LEGAL_PAGES[key]
    router.get(path, async (req, res) => {
      const answers = [{ url: LEGAL_INFO_PATH, answer: legalAnswer }]
      await sendPage(req, res, { address: path, sentAt: Date.now(), answers, otherwise: { meta: legalPageMeta(key), status: 200 } })
    })
  }

  // Every other address: the 404 page for those the storefront doesn't know, the app's index.html for the rest.
  router.get("/{*path}", async (req, res) => {
    await sendPage(req, res, { ...NO_ANSWERS(), otherwise: { meta: null, status: 200 } })
  })
  return Object.assign(router, { early })
}
