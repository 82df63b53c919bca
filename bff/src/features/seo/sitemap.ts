import { homeMeta, LEGAL_PAGE_KEYS, LEGAL_PAGES, productPath, profilePath, shopMeta, shopSection, type ShopSection } from "@fitshop/contracts"
import { Router, type Request, type Response } from "express"
import { sendCompressed } from "../../http/compressed-send.js"
import { notFound } from "../../http/errors.js"
import type { Db } from "../../lib/db.js"
import { escapeHtml } from "../../lib/html.js"
import type { Logger } from "../../lib/logger.js"
import { liveProducts, type LiveProduct } from "../catalog/index.js"
import { profilesWithPosts } from "../fitfeed/index.js"
import { absoluteUrl } from "./page-head.js"

/** sitemaps.org's limit of addresses in one file: a larger shop's /sitemap.xml is an index of /sitemaps/{n}.xml. */
export const SITEMAP_URL_LIMIT = 50_000

/** How long a built sitemap is sent as it is: crawlers read it a few times a day, and a build reads every product. */
const FRESH_FOR_MS = 10 * 60_000

/** One address the sitemap lists: a path on the shop's origin, with when its content last changed when that is known. */
export type SitemapEntry = { path: string; lastModified?: Date | null }

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

/** A W3C datetime to the second, in UTC (2026-11-27T10:15:00Z). */
const w3cDate = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, "Z")

/** The /shop sections a product is listed in (its gender, its type, its subcategory or style group), as the shop reads them. */
function sectionsOf(product: LiveProduct): ShopSection[] {
  const deepest = shopSection(
    new URLSearchParams({ g: product.gender, type: product.categoryType ?? "", sub: product.subcategory ?? "", wg: product.styleGroup ?? "" }),
  )
  const sections: ShopSection[] = [{ gender: deepest.gender }]
  if (deepest.categoryType) sections.push({ gender: deepest.gender, categoryType: deepest.categoryType })
  if (deepest.subcategory || deepest.styleGroup) sections.push(deepest)
  return sections
}

/** The canonical addresses (shopMeta's, as the pages declare them) of every /shop section holding a live product. */
function shopSectionPaths(products: LiveProduct[]): string[] {
  const seen = new Set<string>()
  const paths = new Set<string>()
  for (const product of products) {
    const key = `${product.gender}|${product.categoryType}|${product.subcategory}|${product.styleGroup}`
    if (seen.has(key)) continue
    seen.add(key)
    for (const section of sectionsOf(product)) {
      const path = shopMeta(section).canonicalPath
      if (path) paths.add(path)
    }
  }
  return [...paths].sort()
}

/** Every address the sitemap lists: home, the shop's sections, each live product, each profile that shows a post and the policy pages. */
export async function sitemapEntries(db: Pick<Db, "query">): Promise<SitemapEntry[]> {
  const [products, profiles] = await Promise.all([liveProducts(db), profilesWithPosts(db)])
  const home = homeMeta().canonicalPath
  return [
    ...(home ? [{ path: home }] : []),
    ...shopSectionPaths(products).map((path) => ({ path })),
    ...products.map((product) => ({ path: productPath(product.id), lastModified: product.updatedAt })),
    ...profiles.map((profile) => ({ path: profilePath(profile.handle), lastModified: profile.updatedAt })),
    ...LEGAL_PAGE_KEYS.map((key) => ({ path: LEGAL_PAGES[key].path })),
  ]
}

/** A document as it is sent: its text, and its gzipped bytes once a client that takes them asked. */
type XmlDocument = { xml: string; gzipped?: Buffer }

/** `/sitemap.xml`, and the files it indexes when the shop has more addresses than one file may hold (none otherwise). */
export type Sitemap = { root: XmlDocument; files: XmlDocument[] }

const lastmodTag = (date: Date | null | undefined) => (date ? `<lastmod>${w3cDate(date)}</lastmod>` : "")

function urlset(entries: SitemapEntry[], publicUrl: string): string {
  const urls = entries.map((entry) => `<url><loc>${escapeHtml(absoluteUrl(entry.path, publicUrl))}</loc>${lastmodTag(entry.lastModified)}</url>`)
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NS}">\n${urls.join("\n")}\n</urlset>\n`
}

/** The newest of the entries' dates, if any has one. */
function newest(entries: SitemapEntry[]): Date | undefined {
  let latest: Date | undefined
  for (const { lastModified } of entries) if (lastModified && (!latest || lastModified > latest)) latest = lastModified
  return latest
}

/** The sitemap of these entries: one file, or an index of files of at most `urlsPerFile` addresses each. */
export function buildSitemap(entries: SitemapEntry[], publicUrl: string, urlsPerFile = SITEMAP_URL_LIMIT): Sitemap {
  if (entries.length <= urlsPerFile) return { root: { xml: urlset(entries, publicUrl) }, files: [] }
  const chunks: SitemapEntry[][] = []
  for (let start = 0; start < entries.length; start += urlsPerFile) chunks.push(entries.slice(start, start + urlsPerFile))
  const listed = chunks.map(
    (chunk, index) => `<sitemap><loc>${escapeHtml(absoluteUrl(`/sitemaps/${index + 1}.xml`, publicUrl))}</loc>${lastmodTag(newest(chunk))}</sitemap>`,
  )
  return {
    root: { xml: `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NS}">\n${listed.join("\n")}\n</sitemapindex>\n` },
    files: chunks.map((chunk) => ({ xml: urlset(chunk, publicUrl) })),
  }
}

/** Sent gzipped to clients that take it, compressed once per build (a 50,000-product sitemap is ~7 MB of text). */
function sendXml(req: Request, res: Response, document: XmlDocument) {
  res.set({ "Cache-Control": "public, max-age=600", "Content-Type": "application/xml; charset=utf-8" })
  sendCompressed(req, res, document.xml, { keep: document, send: (bytes) => res.send(bytes) })
}

type SitemapDeps = {
  db: Pick<Db, "query">
  publicUrl: string
  logger: Logger
  /** Addresses per file before /sitemap.xml becomes an index (tests make it small). */
  urlsPerFile?: number
  /** How long a build is sent before the next request starts another. */
  freshForMs?: number
}

/**
 * `/sitemap.xml` (and `/sitemaps/{n}.xml` when it is an index), from the catalogue's read model and FITFEED's
 * profiles in the BFF's own database. A build is kept in this process for `freshForMs`; after that the next
 * request starts one and, while it runs, the last build is still sent, so only a process's first request waits.
 */
export function sitemapRoutes({ db, publicUrl, logger, urlsPerFile = SITEMAP_URL_LIMIT, freshForMs = FRESH_FOR_MS }: SitemapDeps): Router {
  let built: { sitemap: Sitemap; at: number } | undefined
  let building: Promise<Sitemap> | undefined

  async function current(): Promise<Sitemap> {
    if (built && Date.now() - built.at < freshForMs) return built.sitemap
    if (!building) {
      const started = Date.now()
      building = sitemapEntries(db)
        .then((entries) => {
          const sitemap = buildSitemap(entries, publicUrl, urlsPerFile)
          built = { sitemap, at: started }
          return sitemap
        })
        .finally(() => {
          building = undefined
        })
      if (built) void building.catch((error: unknown) => logger.warn({ err: error }, "sitemap not rebuilt; the last one is still sent"))
    }
    return built ? built.sitemap : building
  }

  const router = Router()
  router.get("/sitemap.xml", async (req, res) => sendXml(req, res, (await current()).root))
  router.get("/sitemaps/:file", async (req, res) => {
    const number = /^([1-9][0-9]{0,5})\.xml$/.exec(req.params.file)?.[1]
    const file = number ? (await current()).files[Number(number) - 1] : undefined
    if (!file) throw notFound("Sitemap not found")
    sendXml(req, res, file)
  })
  return router
}
