import { randomBytes } from "node:crypto"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { ensureDatabase } from "../lib/database.js"
import { EMPTY_ROOT } from "../../bff/src/features/seo/routes.js"
import { BIN, COMMERCE, DEV_BFF_ENTRY, ROOT } from "../lib/paths.js"
import { freePort } from "../lib/ports.js"
import { run, startService, stopAll, stopService, waitForHttp } from "../lib/processes.js"
import { bffEnv, buildFrontEndsIfStale, commerceEnv, migrateAll, randomSecrets, seed, seedEnvOf } from "../lib/stack.js"
import type { DropTarget } from "./drop.js"
import { scorePages, type PageScore } from "./lighthouse.js"
import { waitForQuietCpu } from "./quiet.js"
import { measureLoad, warmUp, type Load } from "./load.js"

export const THROUGHPUT_TARGET = 10
export const LATENCY_TARGET = 0.1
/** Issue 31: on each of home, shop and a product page, mobile performance 100 with the largest paint under 1.2 s, and SEO, best practices and accessibility 100. */
export const LIGHTHOUSE_TARGET = 100
export const LCP_TARGET_MS = 1200

/**
 * Three filters and a sort each, as shoppers narrowing the catalogue send them; the load rotates through
 * them, so no single index or plan tailored to one query carries the figure.
 */
export const FILTERED_LISTINGS = [
  "/api/products?gender=MEN&fabric=Cotton&priceRange=1000-1500&sort=price_asc&limit=24",
  "/api/products?gender=WOMEN&styleGroup=WESTERN&colorName=Black&sort=newest&limit=24",
  "/api/products?gender=MEN&categoryType=LOWERS&subcategory=Jeans&sort=price_desc&limit=24",
  "/api/products?gender=MEN&sleeveType=HALF&seasonFit=SUMMER&sort=popular&limit=24",
  "/api/products?gender=WOMEN&genre=Anime&priceRange=500-1000&sort=price_asc&limit=24",
  "/api/products?gender=MEN&collarStyle=WITH_COLLAR&colorName=Blue&sort=newest&limit=24",
]
/** The shop's page under six of its URLs' filters (the storefront's names: g, wg, type, sub and the API's own). */
export const SHOP_PAGES = [
  "/shop",
  "/shop?g=WOMEN",
  "/shop?g=MEN&type=LOWERS&sub=Jeans&sort=price_desc",
  "/shop?g=WOMEN&wg=WESTERN&colorName=Black&sort=newest",
  "/shop?g=MEN&fabric=Cotton&priceRange=1000-1500&sort=price_asc",
  "/shop?g=WOMEN&genre=Anime&priceRange=500-1000",
]
/** What a browser asks a page with: HTML, compressed (the BFF gzips each page it sends). */
const PAGE_HEADERS = { accept: "text/html", "accept-encoding": "br, gzip" }
export const LISTING_LIMIT = 24
export const MEDUSA_LISTING = `/store/products?limit=${LISTING_LIMIT}`
/** The key the BFF uses (commerce's seed links it to the shop's sales channel); Medusa's default key lists nothing. */
const PUBLISHABLE_KEY_TITLE = "Storefront"

export type CatalogBench = {
  products: number
  seedSeconds: number
  /** Each filtered listing's total matches, in FILTERED_LISTINGS' order. */
  filteredTotals: number[]
  /** Bytes of one answer (uncompressed): Medusa's page and the BFF's first filtered listing. */
  answerBytes: { medusa: number; bff: number }
  medusa: Load
  bffUncached: Load
  bffWarm: Load
  bffCold: { p50: number; p99: number; samples: number }
  productUncached: Load
  productWarm: Load
  /** The server-rendered pages (SHOP_PAGES and 50 product pages), as browsers ask for them. */
  pagesUncached: Load
  pagesWarm: Load
  lighthouse: PageScore[]
  versions: { postgres: string; redis: string; medusa: string }
}

/** What a catalogue-only-as-reference run (BENCH_ONLY=fitfeed) keeps: the seed and the cache-off listing. */
export type CatalogReference = Pick<CatalogBench, "products" | "seedSeconds" | "filteredTotals" | "bffUncached" | "versions">

/** A BFF a benchmark started beside the stack's own (same database, Medusa and settings, plus its own); that benchmark stops it. */
export type ExtraBff = { origin: string; internalOrigin: string; pid: number; stop: () => Promise<void> }

/**
 * The cache-off BFF and its database, for a benchmark measured beside the catalogue's cache-off listing (FITFEED);
 * `startCacheOffBff` starts another cache-off BFF on ports of its own, with settings that differ (REQUEST_METRICS).
 */
export type CacheOffStack = {
  databaseUrl: string
  origin: string
  bffPid: number
  medusaPid: number
  authTokenSecret: string
  seconds: number
  /** The stack's BFF with the response cache on: its process, and its internal listener where commerce's change notices (and their secret) go. */
  cached: { origin: string; internalOrigin: string; internalSecret: string; pid: number }
  startCacheOffBff: (label: string, settings: Record<string, string>) => Promise<ExtraBff>
}

/**
 * A benchmark run against the cache-off BFF. Called once the catalogue is in (to seed, before anything
 * is measured), it answers the run itself: that measures the catalogue's cache-off listing through
 * `reference` (already warm) and its own figures right after it, so their ratios compare like with like.
 */
export type Alongside<T> = (stack: CacheOffStack) => Promise<(reference: () => Promise<Load>) => Promise<T>>

const log = (line: string) => process.stdout.write(`bench: ${line}\n`)

/** Measures and prints the figures at once, so a later step that fails does not take them with it. */
async function measured(...args: Parameters<typeof measureLoad>): Promise<Load> {
  const load = await measureLoad(...args)
  log(`${load.label}: ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors + load.non2xx} errors`)
  return load
}

async function text(url: string, init?: RequestInit): Promise<string> {
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url} answered ${response.status}`)
  return response.text()
}

/** Fails the bench unless each page answers 200 with its server render in it (not the app's empty root). */
async function expectRenderedPages(origin: string, paths: string[]): Promise<void> {
  for (const page of paths) {
    const html = await text(`${origin}${page}`, { headers: { accept: "text/html" } })
    if (html.includes(EMPTY_ROOT)) throw new Error(`${page} came without its server render; the bench would measure the empty page`)
  }
}

/** A JSON answer, or an error naming the request and its status. */
export async function json<T>(url: string, init?: RequestInit): Promise<T> {
  return JSON.parse(await text(url, init)) as T
}

async function waitForCatalogue(origin: string, count: number): Promise<void> {
  const deadline = Date.now() + 10 * 60_000
  while (Date.now() < deadline) {
    const { total } = await json<{ total: number }>(`${origin}/api/products?limit=1`).catch(() => ({ total: 0 }))
    if (total >= count) return
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`the BFF's read model did not reach ${count} products in 10 minutes`)
}

/** The p-th percentile of ascending values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Latency of the filtered listings (in turn) right after a catalogue change emptied the cache (each sample a miss). */
async function coldLatency(origin: string, internalOrigin: string, secret: string, productId: string, samples: number) {
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const changed = await fetch(`${internalOrigin}/api/internal/catalog/changed`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-internal-secret": secret },
      body: JSON.stringify({ productIds: [productId] }),
    })
    if (changed.status !== 204) throw new Error(`the change notice answered ${changed.status}`)
    const started = performance.now()
    await json(`${origin}${FILTERED_LISTINGS[i % FILTERED_LISTINGS.length]}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: Math.round(percentile(times, 50) * 10) / 10, p99: Math.round(percentile(times, 99) * 10) / 10, samples }
}

/** The publishable key the storefront (and the BFF) uses, found in Medusa's tables by its title. */
export async function storefrontPublishableKey(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ token: string }>(
      "select token from public.api_key where type = 'publishable' and title = $1 and revoked_at is null",
      [PUBLISHABLE_KEY_TITLE],
    )
    if (!rows[0]) throw new Error(`Medusa has no publishable key titled "${PUBLISHABLE_KEY_TITLE}"`)
    return rows[0].token
  } finally {
    await client.end()
  }
}

export async function postgresVersion(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query<{ server_version: string }>("show server_version")).rows[0]!.server_version
  } finally {
    await client.end()
  }
}

async function versions(databaseUrl: string, redisUrl: string): Promise<CatalogBench["versions"]> {
  const postgres = await postgresVersion(databaseUrl)
  const { Redis } = await import("ioredis")
  const redis = new Redis(redisUrl, { lazyConnect: true })
  await redis.connect()
  const info = await redis.info("server")
  redis.disconnect()
  const medusa = JSON.parse(await readFile(path.join(COMMERCE, "node_modules", "@medusajs", "medusa", "package.json"), "utf8")).version as string
  return { postgres, redis: /redis_version:(\S+)/.exec(info)?.[1] ?? "unknown", medusa }
}

/**
 * What a run measures on the Redis stack: everything (`full`), only the catalogue's cache-off listing as
 * FITFEED's reference (`reference`), or only the drop (`drop`: the demo seed instead of the bench products).
 */
export type CatalogMode = "full" | "reference" | "drop"

/** The Redis stack's versions, and whatever of it the mode measured. */
export type CatalogRun<T, D> = { catalog?: CatalogBench; reference?: CatalogReference; alongside?: T; drop?: D; versions: CatalogBench["versions"] }

/** The Redis stack as the drop sees it: Medusa with its Redis modules and caching, and the BFF configured like production (response cache on). */
const REDIS_STACK = "Redis (Medusa's Redis modules and caching; the BFF's response cache on), local PostgreSQL"

/**
 * The catalogue benchmark: a throwaway database with the bench seed, Medusa with its Redis caching on,
 * and two BFFs beside it (response cache on, and off), all measured with the same autocannon client.
 * `alongside` is measured on the cache-off BFF right after its listing; `drop` runs last, on the cached BFF.
 */
export async function benchCatalog<T, D>({
  products,
  seconds,
  mode = "full",
  alongside,
  drop,
}: {
  products: number
  seconds: number
  mode?: CatalogMode
  alongside?: Alongside<T>
  drop?: (target: DropTarget) => Promise<D>
}): Promise<CatalogRun<T, D>> {
  const admin = new URL(process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres")
  const databaseUrl = new URL(admin)
  // BENCH_KEEP_DATABASE=name keeps the seeded database for the next run (the seed then only checks it).
  const kept = process.env.BENCH_KEEP_DATABASE
  if (kept && !/^[a-z0-9_]+$/.test(kept)) throw new Error("BENCH_KEEP_DATABASE must be a plain database name (a-z, 0-9, _)")
  databaseUrl.pathname = `/${kept || `fitshop_bench_${randomBytes(4).toString("hex")}`}`
  const redisUrl = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379/5"
  const mediaDir = kept ? path.join(tmpdir(), `${kept}-media`) : await mkdtemp(path.join(tmpdir(), "fitshop-bench-media-"))
  const secrets = randomSecrets()
  const [medusaPort, bffPort, uncachedPort] = [await freePort(), await freePort(), await freePort()]
  // Each BFF's listener for commerce; commerce reaches the cached one's (the uncached one rebuilds from Medusa itself).
  const [internalPort, uncachedInternalPort] = [await freePort(), await freePort()]
  const base = {
    ...process.env,
    MEDUSA_PORT: String(medusaPort),
    PORT: String(bffPort),
    INTERNAL_PORT: String(internalPort),
    MEDIA_DIR: mediaDir,
    REDIS_URL: redisUrl,
    LOG_LEVEL: "warn",
  }
  const commerce: NodeJS.ProcessEnv = { ...commerceEnv(base, databaseUrl.toString(), secrets), DISABLE_ADMIN: "true", MEDUSA_FF_CACHING: "true" }
  try {
    await ensureDatabase(databaseUrl.toString())
    await migrateAll(commerce, log)
    const seedStarted = performance.now()
    if (mode === "drop") await seed(commerce, log)
    else {
      log(`seeding ${products} bench products (plus the demo catalogue)…`)
      // Tens of thousands of product events would otherwise replay into the BFF while it is being measured.
      await run(BIN.medusa, ["exec", "./src/scripts/bench-seed.ts", String(products)], { cwd: COMMERCE, env: seedEnvOf(commerce), label: "bench seed" })
      await buildFrontEndsIfStale(log)
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000

    const medusa = startService(BIN.medusa, ["start"], { cwd: COMMERCE, env: commerce, label: "medusa" })
    const prefix = `bench:${randomBytes(4).toString("hex")}:`
    const bff = (port: number, internal: number, cache: "on" | "off", settings: Record<string, string> = {}, label = `bff-${cache}`) =>
      startService(process.execPath, ["--import", "tsx", DEV_BFF_ENTRY], {
        cwd: path.join(ROOT, "bff"),
        env: {
          ...bffEnv(base, commerce, secrets, port),
          REDIS_KEY_PREFIX: prefix,
          CATALOG_CACHE: cache,
          PORT: String(port),
          INTERNAL_PORT: String(internal),
          // The periodic full rebuild (every 5 minutes in the shop) would land in the middle of the measurements.
          CATALOG_RECONCILE_SECONDS: "3600",
          // The FITFEED load comes from one address; its per-user limits still hold.
          FITFEED_ADDRESS_LIMIT_SCALE: "1000",
          ...settings,
        },
        label,
      })
    const cached = bff(bffPort, internalPort, "on")
    await waitForHttp(`http://127.0.0.1:${medusaPort}/health`, "Medusa", 180_000, medusa)
    await waitForHttp(`http://127.0.0.1:${bffPort}/api/health`, "The BFF", 120_000, cached)
    const dropTarget = (): DropTarget => ({
      label: REDIS_STACK,
      origin: `http://127.0.0.1:${bffPort}`,
      medusaOrigin: `http://127.0.0.1:${medusaPort}`,
      databaseUrl: databaseUrl.toString(),
      bffPid: cached.pid!,
      medusaPid: medusa.pid!,
    })
    if (mode === "drop") {
      await waitForCatalogue(`http://127.0.0.1:${bffPort}`, 1)
      return { drop: await drop?.(dropTarget()), versions: await versions(databaseUrl.toString(), redisUrl) }
    }
    const uncached = bff(uncachedPort, uncachedInternalPort, "off")
    await waitForHttp(`http://127.0.0.1:${uncachedPort}/api/health`, "The uncached BFF", 120_000, uncached)

    const origin = `http://127.0.0.1:${bffPort}`
    const uncachedOrigin = `http://127.0.0.1:${uncachedPort}`
    const medusaOrigin = `http://127.0.0.1:${medusaPort}`
    await waitForCatalogue(origin, products)
    const filtered: { products: { id: string }[]; total: number }[] = []
    let firstListingBytes = 0
    for (const listing of FILTERED_LISTINGS) {
      const body = await text(`${origin}${listing}`)
      const answer = JSON.parse(body) as { products: { id: string }[]; total: number }
      if (answer.products.length < LISTING_LIMIT) throw new Error(`${listing} lists ${answer.products.length} products; the bench would measure a short page`)
      if (!filtered.length) firstListingBytes = Buffer.byteLength(body)
      filtered.push(answer)
    }
    const measureReference = () => measured("BFF filtered listings, response cache off", uncachedOrigin, FILTERED_LISTINGS, { seconds })
    const runAlongside = await alongside?.({
      databaseUrl: databaseUrl.toString(),
      origin: uncachedOrigin,
      bffPid: uncached.pid!,
      medusaPid: medusa.pid!,
      authTokenSecret: bffEnv(base, commerce, secrets, uncachedPort).AUTH_TOKEN_SECRET!,
      seconds,
      cached: {
        origin,
        internalOrigin: `http://127.0.0.1:${internalPort}`,
        internalSecret: bffEnv(base, commerce, secrets, bffPort).INTERNAL_API_SECRET!,
        pid: cached.pid!,
      },
      startCacheOffBff: async (label, settings) => {
        const [port, internal] = [await freePort(), await freePort()]
        const child = bff(port, internal, "off", settings, label)
        await waitForHttp(`http://127.0.0.1:${port}/api/health`, `The BFF (${label})`, 120_000, child)
        return { origin: `http://127.0.0.1:${port}`, internalOrigin: `http://127.0.0.1:${internal}`, pid: child.pid!, stop: () => stopService(child) }
      },
    })
    /** The cache-off listing, warmed, and then (when given) the benchmark measured beside it. */
    const cacheOff = async (): Promise<{ bffUncached: Load; beside?: T }> => {
      await warmUp(uncachedOrigin, FILTERED_LISTINGS)
      if (!runAlongside) return { bffUncached: await measureReference() }
      let bffUncached: Load | undefined
      const beside = await runAlongside(async () => (bffUncached = await measureReference()))
      if (!bffUncached) throw new Error("the benchmark beside the catalogue did not measure its reference")
      return { bffUncached, beside }
    }
    if (mode === "reference") {
      log(`measuring with autocannon, ${seconds} s a target (the catalogue's cache-off listing only)…`)
      const { bffUncached, beside } = await cacheOff()
      const runVersions = await versions(databaseUrl.toString(), redisUrl)
      const reference = { products, seedSeconds, filteredTotals: filtered.map((answer) => answer.total), bffUncached, versions: runVersions }
      return { reference, alongside: beside, versions: runVersions }
    }
    const productIds = (await json<{ products: { id: string }[] }>(`${origin}/api/products?limit=50&sort=newest`)).products.map((p) => p.id)
    const productPaths = productIds.map((id) => `/api/products/${id}`)
    const publishableKey = await storefrontPublishableKey(databaseUrl.toString())
    const medusaHeaders = { "x-publishable-api-key": publishableKey }
    const medusaBody = await text(`${medusaOrigin}${MEDUSA_LISTING}`, { headers: medusaHeaders })
    const medusaCount = (JSON.parse(medusaBody) as { products: unknown[] }).products.length
    if (medusaCount < LISTING_LIMIT) throw new Error(`Medusa's ${MEDUSA_LISTING} lists ${medusaCount} products; the bench would measure an empty page`)

    log(`measuring with autocannon, ${seconds} s a target…`)
    await warmUp(medusaOrigin, [MEDUSA_LISTING], medusaHeaders)
    const medusaLoad = await measured("Medusa /store/products?limit=24 (its Redis caching on)", medusaOrigin, [MEDUSA_LISTING], {
      seconds,
      headers: medusaHeaders,
    })
    const { bffUncached, beside } = await cacheOff()
    const bffCold = await coldLatency(origin, `http://127.0.0.1:${internalPort}`, secrets.internalSecret, productIds[0]!, 50)
    await warmUp(origin, FILTERED_LISTINGS)
    const bffWarm = await measured("BFF filtered listings, response cache warm", origin, FILTERED_LISTINGS, { seconds })
    await warmUp(uncachedOrigin, productPaths)
    const productUncached = await measured("BFF /api/products/{id} (50 products), cache off", uncachedOrigin, productPaths, { seconds })
    await warmUp(origin, productPaths)
    const productWarm = await measured("BFF /api/products/{id} (50 products), cache warm", origin, productPaths, { seconds })
    const pagePaths = [...SHOP_PAGES, ...productIds.map((id) => `/product/${id}`)]
    await expectRenderedPages(origin, pagePaths)
    const pagesLabel = `BFF server-rendered pages, HTML compressed (${SHOP_PAGES.length} shop pages, ${productIds.length} product pages)`
    await warmUp(uncachedOrigin, pagePaths, PAGE_HEADERS)
    const pagesUncached = await measured(`${pagesLabel}, cache off`, uncachedOrigin, pagePaths, { seconds, headers: PAGE_HEADERS })
    await warmUp(origin, pagePaths, PAGE_HEADERS)
    const pagesWarm = await measured(`${pagesLabel}, cache warm`, origin, pagePaths, { seconds, headers: PAGE_HEADERS })

    const busy = await waitForQuietCpu()
    log(`scoring pages with Lighthouse (mobile; CPUs ${Math.round(busy * 100)}% busy beforehand)…`)
    const lighthouse = await scorePages(origin, [
      { label: "Home", path: "/" },
      { label: "Shop", path: "/shop" },
      { label: "Product page", path: `/product/${filtered[0]!.products[0]!.id}` },
    ])
    const catalog: CatalogBench = {
      products,
      seedSeconds,
      filteredTotals: filtered.map((answer) => answer.total),
      answerBytes: { medusa: Buffer.byteLength(medusaBody), bff: firstListingBytes },
      medusa: medusaLoad,
      bffUncached,
      bffWarm,
      bffCold,
      productUncached,
      productWarm,
      pagesUncached,
      pagesWarm,
      lighthouse,
      versions: await versions(databaseUrl.toString(), redisUrl),
    }
    // Last: its orders and stock events must not land in the catalogue's measurements.
    const dropped = await drop?.(dropTarget())
    return { catalog, reference: catalog, alongside: beside, drop: dropped, versions: catalog.versions }
  } finally {
    await stopAll()
    if (!kept) await rm(mediaDir, { recursive: true, force: true })
    if (!kept) {
      const client = new pg.Client({ connectionString: admin.toString() })
      await client.connect()
      await client.query(`drop database if exists "${databaseUrl.pathname.slice(1)}" with (force)`).catch(() => undefined)
      await client.end()
    }
  }
}
