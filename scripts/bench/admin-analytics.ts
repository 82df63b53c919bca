import autocannon from "autocannon"
import pg from "pg"
import { ADMIN_SEED, seedAdminAnalytics, type AdminSeed } from "./admin-analytics-seed.js"
import type { Alongside, CacheOffStack } from "./catalog.js"
import { CONNECTIONS, loadOf, type Load } from "./load.js"
import { observed, type Observation } from "./observe.js"

/** The target: each analytics call (and the orders list) answers in under 100 ms p99 with 50,000 orders. */
export const ADMIN_P99_TARGET_MS = 100
const PAGE = 25

export type AdminLoad = Load & Observation
export type AdminCall = AdminLoad & { rotation: string; bytes: number }
export type AdminAnalyticsBench = {
  seed: Omit<AdminSeed, "staffAuthorization">
  /** The catalogue's cache-off listing, measured on the same BFF right before the admin calls. */
  reference: AdminLoad
  calls: AdminCall[]
  /** The overview as answered before the load, against the same figures counted straight from bff.orders. */
  overview: { orders: number; revenue: number; directOrders: number; directRevenue: number; lowStock: number }
}

const log = (line: string) => process.stdout.write(`bench: ${line}\n`)

async function getJson<T>(url: string, authorization: string): Promise<{ body: T; bytes: number }> {
  const response = await fetch(url, { headers: { authorization } })
  const text = await response.text()
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`)
  return { body: JSON.parse(text) as T, bytes: Buffer.byteLength(text) }
}

async function drive(label: string, origin: string, paths: string[], authorization: string, seconds: number): Promise<Load> {
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization },
    requests: paths.map((path) => ({ method: "GET" as const, path })),
  })
  return loadOf(label, result)
}

/**
 * The admin analytics benchmark, measured on the catalogue's cache-off BFF: 50,000 orders seeded once the
 * catalogue is in; then, right after the catalogue's cache-off listing, each of the five console calls with
 * a staff token over 20 connections (a rotation of pages, products or statuses where the call takes one).
 */
export const benchAdminAnalytics: Alongside<AdminAnalyticsBench> = async (stack: CacheOffStack) => {
  log(`seeding the admin analytics bench (${ADMIN_SEED.orders.toLocaleString("en-IN")} orders over ${ADMIN_SEED.days} days)…`)
  const { staffAuthorization, ...seed } = await seedAdminAnalytics(stack.databaseUrl, stack.authTokenSecret)
  log(seed.reused ? "admin analytics seed found in the kept database" : `admin analytics seeded in ${seed.seconds.toFixed(1)} s`)
  if (!seed.check.exact) throw new Error(`the kept sales figures differ from a direct computation: ${JSON.stringify(seed.check)}`)

  const db = new pg.Client({ connectionString: stack.databaseUrl })
  await db.connect()
  let direct: { orders: number; revenue: string }
  let topProducts: string[]
  try {
    direct = (
      await db.query<{ orders: number; revenue: string }>(
        "select count(*)::int as orders, coalesce(sum(total_paise), 0)::bigint as revenue from bff.orders where status <> 'CANCELLED' and not is_test",
      )
    ).rows[0]!
    topProducts = (await db.query<{ product_id: string }>("select product_id from bff.product_sales where units > 0 order by units desc limit 50")).rows.map(
      (row) => row.product_id,
    )
  } finally {
    await db.end()
  }
  const overview = await getJson<{ orders: number; revenue: number; lowStock: unknown[] }>(`${stack.origin}/api/admin/analytics/overview`, staffAuthorization)
  if (overview.body.orders !== direct.orders || overview.body.revenue !== Number(direct.revenue)) {
    throw new Error(
      `the overview answered ${overview.body.orders} orders / ${overview.body.revenue} paise; bff.orders holds ${direct.orders} / ${direct.revenue}`,
    )
  }
  const statuses = ["PLACED", "PAID", "PROCESSING", "SHIPPED", "DELIVERED", "CANCELLED"]
  const rotations = [
    { label: "`GET /api/admin/analytics/overview`", rotation: "one path", paths: ["/api/admin/analytics/overview"] },
    {
      label: `\`GET /api/admin/analytics/products?limit=${PAGE}&offset=…\``,
      rotation: `the first 20 pages (offset 0–${19 * PAGE})`,
      paths: Array.from({ length: 20 }, (_, i) => `/api/admin/analytics/products?limit=${PAGE}&offset=${i * PAGE}`),
    },
    {
      label: "`GET /api/admin/analytics/products/{id}/series?days=90`",
      rotation: `the ${topProducts.length} best-selling products`,
      paths: topProducts.map((id) => `/api/admin/analytics/products/${id}/series?days=90`),
    },
    {
      label: "`GET /api/admin/analytics/series?days=…`",
      rotation: "30, 90, 180 and 366 days",
      paths: [30, 90, 180, 366].map((days) => `/api/admin/analytics/series?days=${String(days)}`),
    },
    {
      label: `\`GET /api/admin/orders?limit=${PAGE}&offset=…&status=…\``,
      rotation: `the first 10 pages (offset 0–${9 * PAGE}) and the first page of each of the ${statuses.length} statuses`,
      paths: [
        ...Array.from({ length: 10 }, (_, i) => `/api/admin/orders?limit=${PAGE}&offset=${i * PAGE}`),
        ...statuses.map((status) => `/api/admin/orders?limit=${PAGE}&status=${status}`),
      ],
    },
  ]
  const bytes = await Promise.all(rotations.map(async (target) => (await getJson(`${stack.origin}${target.paths[0]}`, staffAuthorization)).bytes))

  return async (reference) => {
    const referenceLoad = await observed(stack, reference)
    log(`measuring the admin calls with autocannon, ${stack.seconds} s each…`)
    const calls: AdminCall[] = []
    for (const [i, target] of rotations.entries()) {
      await drive("warm-up", stack.origin, target.paths, staffAuthorization, 3)
      const load = await observed(stack, () => drive(target.label, stack.origin, target.paths, staffAuthorization, stack.seconds))
      log(`${load.label}: ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors + load.non2xx} errors`)
      calls.push({ ...load, rotation: target.rotation, bytes: bytes[i]! })
    }
    return {
      seed,
      reference: referenceLoad,
      calls,
      overview: {
        orders: overview.body.orders,
        revenue: overview.body.revenue,
        directOrders: direct.orders,
        directRevenue: Number(direct.revenue),
        lowStock: overview.body.lowStock.length,
      },
    }
  }
}
