import { randomBytes, randomUUID } from "node:crypto"
import { isDeepStrictEqual } from "node:util"
import type { AdminOrderList, AnalyticsOverview, Product, ProductSalesList, SalesSeries, ShopSalesSeries } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { newestProducts } from "../../../test/catalog.js"
import { bearer, checkOut, giveCoins, NEW_ADDRESS, payload, startCheckoutApp, type CheckoutApp } from "../../../test/checkout.js"
import { shopperSession, staffSession } from "../../../test/staff.js"
import { transaction } from "../../lib/db.js"
import { createLogger } from "../../lib/logger.js"
import { orderEnding } from "../checkout/cancellation.js"
import { insertCheckout } from "../checkout/checkouts.js"
import { COD_FEE_PAISE } from "../checkout/schema.js"
import { orderCommands, type OrderEnding } from "../orders/index.js"
import { nextOrderNumber, recordOrder, type CheckoutLine } from "../orders/orders.js"
import { productCounts } from "./product-counts.js"
import { LOW_STOCK_LIMIT, LOW_STOCK_LINE } from "./queries.js"

let app: CheckoutApp
let staff: Awaited<ReturnType<typeof staffSession>>
let products: Product[]

beforeAll(async () => {
  app = await startCheckoutApp()
  staff = await staffSession(app.app)
  products = await newestProducts(app.app, 60)
})
afterAll(() => app.close())

const get = <T>(path: string) =>
  request(app.app)
    .get(path)
    .set(staff.headers)
    .then((response) => {
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      expect(response.headers["cache-control"]).toBe("no-store")
      return response.body as T
    })

// ---- Factories ---------------------------------------------------------------------------------------

/** A product id no catalogue holds: its sales are this test's alone, and its title comes from the order lines. */
const unlistedProductId = () => `prod_${randomBytes(13).toString("hex").toUpperCase()}`

function line(productId: string, quantity: number, unitPrice: number, refPostId: string | null = null): CheckoutLine {
  return {
    productId,
    variantId: `variant_${productId}_M`,
    size: "M",
    quantity,
    unitPrice,
    title: `Analytics tee ${productId.slice(-6)}`,
    imageUrl: `/media/analytics-${productId.slice(-6)}.webp`,
    refPostId,
  }
}

/**
 * An order recorded by the orders module's own functions (a checkout row, then recordOrder), as a placement
 * records it, with `createdAt` moved in the same transaction when given.
 */
async function recordTestOrder(userId: string, lines: CheckoutLine[], options: { mode?: "cod" | "prepaid"; isTest?: boolean; createdAt?: Date } = {}) {
  const mode = options.mode ?? "cod"
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0)
  const codFee = mode === "cod" ? COD_FEE_PAISE : 0
  const id = randomBytes(8).toString("hex")
  const checkout = {
    id: randomUUID(),
    userId,
    mode,
    receipt: `analytics_${id}`,
    subtotal,
    discount: 0,
    coins: 0,
    codFee,
    amount: subtotal + codFee,
    isTest: options.isTest ?? false,
    lines,
    address: { ...NEW_ADDRESS, line2: NEW_ADDRESS.line2, email: null },
    estimatedDelivery: null,
  }
  const orderId = `order_analytics_${id}`
  await transaction(app.db, async (tx) => {
    await insertCheckout(tx, checkout)
    await recordOrder(tx, { id: orderId, displayId: await nextOrderNumber(tx) }, checkout)
    if (options.createdAt) await tx.query("update bff.orders set created_at = $2 where id = $1", [orderId, options.createdAt])
  })
  return { orderId, total: checkout.amount }
}

/** The order ended as Medusa's sync ends one cancelled (or returned whole) in the dashboard: it stops counting. */
async function cancel(orderId: string, ending: OrderEnding = "cancelled") {
  // Nobody listens and no return gave anything back: only the ending itself.
  const orders = orderCommands({ order: async () => undefined })
  const backThroughReturns = async () => ({ toPayment: 0, spentCoins: 0 })
  expect(await orderEnding({ db: app.db, logger: createLogger("silent"), orders, backThroughReturns })(orderId, ending)).toBe(true)
}

// ---- Direct computations (from the order rows themselves, in TypeScript) -------------------------------

type OrderRow = {
  id: string
  status: string
  is_test: boolean
  payment_method: "online" | "cod"
  total_paise: number
  items: CheckoutLine[]
  /** What came back of each line (returns received), by line id: units and the paise paid for them. */
  returned_lines: Record<string, { quantity: number; paid: number }>
  created_at: Date
}

const indiaDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(at)
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The orders that are sales: not cancelled, not returned whole, not a live-test payment. */
async function salesOrders(): Promise<OrderRow[]> {
  const { rows } = await app.db.query<OrderRow>("select id, status, is_test, payment_method, total_paise, items, returned_lines, created_at from bff.orders")
  return rows.filter((row) => row.status !== "CANCELLED" && row.status !== "RETURNED" && !row.is_test)
}

/** The order's lines as sales: each line's units less those that came back. */
const countedLines = (order: OrderRow): CheckoutLine[] =>
  order.items.map((item) => ({ ...item, quantity: item.quantity - (item.lineId ? (order.returned_lines[item.lineId]?.quantity ?? 0) : 0) }))

/** What the order charged less what was paid for the units that came back. */
const countedRevenue = (order: OrderRow): number => order.total_paise - Object.values(order.returned_lines).reduce((sum, back) => sum + back.paid, 0)

/** The overview's figures, from the given orders that are sales (`rows`) or, by default, those there are now. */
async function directOverview(rows?: OrderRow[]): Promise<Omit<AnalyticsOverview, "products"> & { live: number }> {
  const orders = rows ?? (await salesOrders())
  const revenue = orders.reduce((sum, o) => sum + countedRevenue(o), 0)
  const cod = orders.filter((o) => o.payment_method === "cod").length
  const fitfeedRevenue = orders.flatMap(countedLines).reduce((sum, l) => sum + (l.refPostId ? l.quantity * l.unitPrice : 0), 0)
  const { rows: coins } = await app.db.query<{ n: string }>(
    "select coalesce(sum(coins), 0) as n from bff.dark_coin_entries where dropped_at is null and (matures_at is null or matures_at <= now())",
  )
  const { rows: live } = await app.db.query<{ n: number }>("select count(*)::int as n from bff.catalog_products")
  const { rows: documents } = await app.db.query<{ document: Product }>(
    "select d.document from bff.catalog_documents d join bff.catalog_products c on c.id = d.id",
  )
  const lowStock = documents
    .flatMap(({ document }) => document.variants.map((v) => ({ productId: document.id, title: document.title, size: v.size, stock: v.stockOnHand })))
    .filter((size) => size.stock <= LOW_STOCK_LINE)
    .sort((a, b) => a.stock - b.stock || byCode(a.productId, b.productId) || byCode(a.size, b.size))
    .slice(0, LOW_STOCK_LIMIT)
  return {
    live: live[0]!.n,
    orders: orders.length,
    revenue,
    averageOrderValue: orders.length ? Math.round(revenue / orders.length) : 0,
    cashOnDeliveryShare: orders.length ? cod / orders.length : 0,
    fitfeedRevenue,
    darkCoinsOutstanding: Number(coins[0]!.n),
    lowStock,
  }
}

/** Every product's units and line value net of returns, most units first; title and picture from the catalogue, else the newest line's. */
async function directProductSales(rows?: OrderRow[]): Promise<ProductSalesList> {
  const orders = [...(rows ?? (await salesOrders()))].sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
  const sales = new Map<string, { productId: string; title: string; imageUrl: string | null; units: number; revenue: number }>()
  for (const item of orders.flatMap(countedLines)) {
    const entry = sales.get(item.productId) ?? { productId: item.productId, title: item.title, imageUrl: item.imageUrl, units: 0, revenue: 0 }
    sales.set(item.productId, {
      ...entry,
      title: item.title,
      imageUrl: item.imageUrl ?? entry.imageUrl,
      units: entry.units + item.quantity,
      revenue: entry.revenue + item.quantity * item.unitPrice,
    })
  }
  const { rows: listed } = await app.db.query<{ id: string; title: string; image_url: string | null }>(
    "select id, title, image_url from bff.catalog_products where id = any($1)",
    [[...sales.keys()]],
  )
  for (const product of listed) sales.set(product.id, { ...sales.get(product.id)!, title: product.title, imageUrl: product.image_url })
  const ranked = [...sales.values()].filter((s) => s.units > 0).sort((a, b) => b.units - a.units || b.revenue - a.revenue || byCode(a.productId, b.productId))
  return { products: ranked, total: ranked.length }
}

/** The last `days` India day keys, today last. */
function lastIndiaDays(days: number): string[] {
  const today = indiaDay(new Date())
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(`${today}T00:00:00Z`)
    day.setUTCDate(day.getUTCDate() - (days - 1 - i))
    return day.toISOString().slice(0, 10)
  })
}

/** The whole shop's orders, units and charged totals per India day, net of returns. */
async function directShopSeries(days: number, rows?: OrderRow[]): Promise<ShopSalesSeries> {
  const perDay = new Map<string, { orders: number; units: number; revenue: number }>()
  for (const order of rows ?? (await salesOrders())) {
    const day = indiaDay(order.created_at)
    const sum = perDay.get(day) ?? { orders: 0, units: 0, revenue: 0 }
    const units = countedLines(order).reduce((total, item) => total + item.quantity, 0)
    perDay.set(day, { orders: sum.orders + 1, units: sum.units + units, revenue: sum.revenue + countedRevenue(order) })
  }
  return { days: lastIndiaDays(days).map((day) => ({ day, ...(perDay.get(day) ?? { orders: 0, units: 0, revenue: 0 }) })) }
}

async function directSeries(productId: string, days: number, rows?: OrderRow[]): Promise<SalesSeries> {
  const orders = rows ?? (await salesOrders())
  const perDay = new Map<string, { units: number; revenue: number }>()
  for (const order of orders) {
    for (const item of countedLines(order).filter((l) => l.productId === productId)) {
      const day = indiaDay(order.created_at)
      const sum = perDay.get(day) ?? { units: 0, revenue: 0 }
      perDay.set(day, { units: sum.units + item.quantity, revenue: sum.revenue + item.quantity * item.unitPrice })
    }
  }
  const today = indiaDay(new Date())
  const list = Array.from({ length: days }, (_, i) => {
    const day = new Date(`${today}T00:00:00Z`)
    day.setUTCDate(day.getUTCDate() - (days - 1 - i))
    const key = day.toISOString().slice(0, 10)
    return { day: key, ...(perDay.get(key) ?? { units: 0, revenue: 0 }) }
  })
  return { productId, days: list }
}

/**
 * Other test files place and cancel orders at the same time, so a figure is compared only against a direct
 * computation that did not change while the answer was made (the same before and after it).
 */
async function expectStable<T>(direct: () => Promise<T>, answer: () => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const before = await direct()
    const answered = await answer()
    const after = await direct()
    if (!isDeepStrictEqual(before, after)) continue
    expect(answered).toEqual(before)
    return answered
  }
  throw new Error("the figures kept changing for 20 attempts")
}

const answeredOverview = async () => {
  const { products: counts, ...rest } = await get<AnalyticsOverview>("/api/admin/analytics/overview")
  expect(counts.total).toBe(counts.live + counts.draft + counts.archived)
  return { live: counts.live, ...rest }
}

/** All pages of the products' sales, 7 at a time (so paging is exercised too). */
async function answeredProductSales(): Promise<ProductSalesList> {
  const all: ProductSalesList["products"] = []
  let total = 0
  for (let offset = 0; ; offset += 7) {
    const page = await get<ProductSalesList>(`/api/admin/analytics/products?limit=7&offset=${offset}`)
    total = page.total
    all.push(...page.products)
    if (page.products.length < 7) break
  }
  return { products: all, total }
}

// ---- Tests ---------------------------------------------------------------------------------------------

describe("admin analytics", () => {
  const routes = [
    "/api/admin/analytics/overview",
    "/api/admin/analytics/products",
    `/api/admin/analytics/products/prod_${"0".repeat(26)}/series`,
    "/api/admin/analytics/series",
    "/api/admin/orders",
  ]

  it("answers 401 to the anonymous and 403 to a shopper on every route", async () => {
    const shopper = await shopperSession(app.app)
    for (const path of routes) {
      expect((await request(app.app).get(path)).status, path).toBe(401)
      const refused = await request(app.app).get(path).set(shopper.headers)
      expect(refused.status, path).toBe(403)
      expect(refused.body.message).toBe("You don’t have permission to do that.")
    }
  })

  it("refuses bad paging, days, statuses and product ids with a 400 naming the field", async () => {
    for (const [path, field] of [
      ["/api/admin/analytics/products?limit=0", "limit"],
      ["/api/admin/analytics/products?offset=-1", "offset"],
      [`/api/admin/analytics/products/prod_${"0".repeat(26)}/series?days=0`, "days"],
      [`/api/admin/analytics/products/prod_${"0".repeat(26)}/series?days=400`, "days"],
      ["/api/admin/analytics/products/not-a-product/series", "id"],
      ["/api/admin/analytics/series?days=0", "days"],
      ["/api/admin/analytics/series?days=367", "days"],
      ["/api/admin/analytics/series?days=1.5", "days"],
      ["/api/admin/analytics/series?days=month", "days"],
      ["/api/admin/orders?status=LOST", "status"],
      ["/api/admin/orders?limit=101", "limit"],
    ] as const) {
      const response = await request(app.app).get(path).set(staff.headers)
      expect(response.status, path).toBe(400)
      expect(response.body.message, path).toContain(field)
    }
  })

  it("puts an order at 23:50 IST and one at 00:10 IST (18:40 UTC) on different India days", async () => {
    const shopper = await signedUpUser(app.app, "days")
    const productId = unlistedProductId()
    const today = indiaDay(new Date())
    const yesterday = new Date(`${today}T00:00:00Z`)
    yesterday.setUTCDate(yesterday.getUTCDate() - 1)
    const yesterdayKey = yesterday.toISOString().slice(0, 10)
    // 23:50 IST yesterday is 18:20 UTC yesterday; 00:10 IST today is 18:40 UTC yesterday.
    const lateEvening = new Date(`${yesterdayKey}T18:20:00Z`)
    const pastMidnight = new Date(`${yesterdayKey}T18:40:00Z`)
    await recordTestOrder(shopper.user.id, [line(productId, 2, 50_000)], { createdAt: lateEvening })
    await recordTestOrder(shopper.user.id, [line(productId, 3, 50_000)], { createdAt: pastMidnight, mode: "prepaid" })

    const series = await get<SalesSeries>(`/api/admin/analytics/products/${productId}/series?days=3`)
    const before = new Date(yesterday)
    before.setUTCDate(before.getUTCDate() - 1)
    expect(series).toEqual({
      productId,
      days: [
        { day: before.toISOString().slice(0, 10), units: 0, revenue: 0 },
        { day: yesterdayKey, units: 2, revenue: 100_000 },
        { day: today, units: 3, revenue: 150_000 },
      ],
    })
    expect(series).toEqual(await directSeries(productId, 3))
    const ninety = await get<SalesSeries>(`/api/admin/analytics/products/${productId}/series`)
    expect(ninety.days).toHaveLength(90)
    expect(ninety).toEqual(await directSeries(productId, 90))
  })

  it("counts an unlisted product's sales under the title of its order lines, and drops a cancelled order from every figure", async () => {
    const shopper = await signedUpUser(app.app, "unlisted")
    const productId = unlistedProductId()
    const other = unlistedProductId()
    const kept = await recordTestOrder(shopper.user.id, [line(productId, 1, 120_000), line(other, 4, 30_000, "12345")])
    const cancelled = await recordTestOrder(shopper.user.id, [line(productId, 5, 120_000)], { mode: "prepaid" })
    // A live-test payment is not a sale either.
    await recordTestOrder(shopper.user.id, [line(productId, 7, 120_000)], { mode: "prepaid", isTest: true })

    const entry = async () => (await answeredProductSales()).products.find((p) => p.productId === productId)
    expect(await entry()).toEqual({
      productId,
      title: `Analytics tee ${productId.slice(-6)}`,
      imageUrl: `/media/analytics-${productId.slice(-6)}.webp`,
      units: 6,
      revenue: 720_000,
    })
    await cancel(cancelled.orderId)
    expect(await entry()).toEqual({
      productId,
      title: `Analytics tee ${productId.slice(-6)}`,
      imageUrl: `/media/analytics-${productId.slice(-6)}.webp`,
      units: 1,
      revenue: 120_000,
    })
    const today = (await get<SalesSeries>(`/api/admin/analytics/products/${productId}/series?days=1`)).days
    expect(today).toEqual([{ day: indiaDay(new Date()), units: 1, revenue: 120_000 }])

    // The other order coming back whole takes both products out of the list altogether.
    await cancel(kept.orderId, "returned")
    const after = await answeredProductSales()
    expect(after.products.find((p) => p.productId === productId)).toBeUndefined()
    expect(after.products.find((p) => p.productId === other)).toBeUndefined()
    const cancelledList = await get<AdminOrderList>("/api/admin/orders?status=CANCELLED&limit=100")
    expect(cancelledList.orders.map((o) => o.id)).toContain(cancelled.orderId)
    const returnedList = await get<AdminOrderList>("/api/admin/orders?status=RETURNED&limit=100")
    expect(returnedList.orders.map((o) => o.id)).toContain(kept.orderId)
  })

  it("answers every overview figure as a direct computation from the orders, the ledger and the catalogue gives it", async () => {
    const shopper = await signedUpUser(app.app, "overview")
    await giveCoins(app, shopper, 430)
    const [first, second] = [unlistedProductId(), unlistedProductId()]
    await recordTestOrder(shopper.user.id, [line(first, 2, 99_900, "777"), line(second, 1, 45_000)])
    await recordTestOrder(shopper.user.id, [line(second, 3, 45_000, "778")], { mode: "prepaid" })
    const cancelled = await recordTestOrder(shopper.user.id, [line(first, 9, 99_900, "779")])
    await cancel(cancelled.orderId)
    await recordTestOrder(shopper.user.id, [line(first, 1, 99_900, "780")], { mode: "prepaid", isTest: true })

    const overview = await expectStable(directOverview, answeredOverview)
    expect(overview.orders).toBeGreaterThanOrEqual(2)
    expect(overview.fitfeedRevenue).toBeGreaterThanOrEqual(2 * 99_900 + 3 * 45_000)
    expect(overview.darkCoinsOutstanding).toBeGreaterThanOrEqual(430)
    expect(overview.cashOnDeliveryShare).toBeGreaterThan(0)
    expect(overview.cashOnDeliveryShare).toBeLessThan(1)
    for (const [i, size] of overview.lowStock.entries()) {
      expect(size.stock).toBeLessThanOrEqual(LOW_STOCK_LINE)
      if (i) expect(size.stock).toBeGreaterThanOrEqual(overview.lowStock[i - 1]!.stock)
    }
  })

  it("answers the shop's daily orders, units and revenue as a direct computation does, a cancelled order counting nowhere", async () => {
    const shopper = await signedUpUser(app.app, "shopdays")
    const [first, second] = [unlistedProductId(), unlistedProductId()]
    const [yesterday] = lastIndiaDays(2)
    await recordTestOrder(shopper.user.id, [line(first, 2, 40_000), line(second, 1, 25_000)])
    await recordTestOrder(shopper.user.id, [line(second, 3, 25_000)], { mode: "prepaid", createdAt: new Date(`${yesterday!}T12:00:00+05:30`) })
    await recordTestOrder(shopper.user.id, [line(first, 1, 40_000)], { mode: "prepaid", isTest: true })
    const seriesOf = (days: number | null) => () => get<ShopSalesSeries>(`/api/admin/analytics/series${days ? `?days=${String(days)}` : ""}`)

    const before = await expectStable(() => directShopSeries(3), seriesOf(3))
    expect(before.days.map((d) => d.day)).toEqual(lastIndiaDays(3))
    expect(before.days[2]!.orders).toBeGreaterThanOrEqual(1)
    expect(before.days[2]!.units).toBeGreaterThanOrEqual(3)
    expect(before.days[1]!.units).toBeGreaterThanOrEqual(3)

    // A cancelled order leaves the day's figures; the series follows the direct computation, which skips it.
    const cancelled = await recordTestOrder(shopper.user.id, [line(first, 9, 40_000)])
    const withIt = await expectStable(() => directShopSeries(1), seriesOf(1))
    expect(withIt.days[0]!.units).toBeGreaterThanOrEqual(9 + 3)
    await cancel(cancelled.orderId)
    await expectStable(() => directShopSeries(1), seriesOf(1))

    // A month by default, a year at most, days without sales as zeros.
    expect((await expectStable(() => directShopSeries(30), seriesOf(null))).days).toHaveLength(30)
    const year = await expectStable(() => directShopSeries(366), seriesOf(366))
    expect(year.days).toHaveLength(366)
  })

  it("counts drafts and archived products from Medusa's own counts", async () => {
    const fromMedusa = async () => {
      const { counts } = await app.commerce.internal<{ counts: Record<"draft" | "proposed" | "published" | "rejected", number> }>("/internal/product-counts")
      return { draft: counts.draft + counts.proposed, archived: counts.rejected }
    }
    await expectStable(fromMedusa, productCounts(app.commerce))
    const { products: counts } = await get<AnalyticsOverview>("/api/admin/analytics/overview")
    expect(Number.isInteger(counts.draft) && counts.draft >= 0).toBe(true)
    expect(Number.isInteger(counts.archived) && counts.archived >= 0).toBe(true)
  })

  it("ranks products by units, then revenue, with paging and the total, as a direct computation does", async () => {
    const shopper = await signedUpUser(app.app, "ranking")
    const [a, b, c] = [unlistedProductId(), unlistedProductId(), unlistedProductId()]
    await recordTestOrder(shopper.user.id, [line(a, 40, 1_000), line(b, 40, 2_000), line(c, 39, 90_000)])
    const ranked = await expectStable(directProductSales, answeredProductSales)
    const ids = ranked.products.map((p) => p.productId)
    expect(ids.indexOf(b)).toBe(ids.indexOf(a) - 1)
    expect(ids.indexOf(c)).toBeGreaterThan(ids.indexOf(a))
    const past = await get<ProductSalesList>(`/api/admin/analytics/products?limit=10&offset=${ranked.total + 5}`)
    expect(past.products).toEqual([])
    expect(past.total).toBeGreaterThanOrEqual(ranked.total)
  })

  it("counts a real cash-on-delivery order at once and takes it out when Medusa cancels it", async () => {
    const product = [...products].reverse().find((p) => p.variants.some((v) => v.stockOnHand >= 2))!
    const variant = product.variants.find((v) => v.stockOnHand >= 2)!
    const shopper = await signedUpUser(app.app, "codbuyer")
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size, quantity: 2 })).status).toBe(201)
    const placed = await request(app.app).post("/api/checkout").set(bearer(shopper)).send(payload("cod"))
    expect(placed.status).toBe(201)
    const orderId = placed.body.orderId as string

    const listed = await get<AdminOrderList>("/api/admin/orders?limit=50")
    expect(listed.orders.find((o) => o.id === orderId)).toMatchObject({
      status: "PLACED",
      paymentMethod: "cod",
      itemCount: 2,
      total: 2 * product.basePrice + COD_FEE_PAISE,
      customer: { id: shopper.user.id, name: shopper.name, email: shopper.email },
    })
    const entryOf = (list: ProductSalesList) => list.products.find((p) => p.productId === product.id)
    const withOrder = entryOf(await expectStable(directProductSales, answeredProductSales))
    expect(withOrder).toMatchObject({ title: product.title, imageUrl: product.imageUrl })
    expect(withOrder!.units).toBeGreaterThanOrEqual(2)
    await expectStable(
      () => directSeries(product.id, 7),
      () => get<SalesSeries>(`/api/admin/analytics/products/${product.id}/series?days=7`),
    )

    await cancel(orderId)
    await expectStable(directProductSales, answeredProductSales)
    await expectStable(
      () => directSeries(product.id, 7),
      () => get<SalesSeries>(`/api/admin/analytics/products/${product.id}/series?days=7`),
    )
    await expectStable(directOverview, answeredOverview)
    const cancelledOnes = await get<AdminOrderList>("/api/admin/orders?status=CANCELLED&limit=100")
    expect(cancelledOnes.orders.find((o) => o.id === orderId)).toMatchObject({ status: "CANCELLED" })
  })

  it("counts a returned unit out of the overview, best sellers and both series, and an order then returned whole out of every figure", async () => {
    const product = products.find((p) => p.variants.some((v) => v.stockOnHand >= 3))!
    const variant = product.variants.find((v) => v.stockOnHand >= 3)!
    const shopper = await signedUpUser(app.app, "returner")
    await giveCoins(app, shopper, 300)
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size, quantity: 2 })).status).toBe(201)
    const orderId = await checkOut(app, shopper, "cod", { coins: true })
    const { rows } = await app.db.query<{ items: CheckoutLine[]; discount_paise: number }>("select items, discount_paise from bff.orders where id = $1", [
      orderId,
    ])
    const [bought] = rows[0]!.items
    expect(bought).toMatchObject({ productId: product.id, quantity: 2, lineId: expect.stringMatching(/^ordli_/) })
    expect(rows[0]!.discount_paise).toBeGreaterThan(0)

    // One of the two units came back: recorded on the order as the BFF records a received return, paid being the unit's
    // price less its share of the coins discount, so the order's revenue moves by less than the line's value.
    const paid = bought!.unitPrice - rows[0]!.discount_paise / 2
    await app.db.query(
      "update bff.orders set returned_lines = jsonb_build_object($2::text, jsonb_build_object('quantity', 1, 'paid', $3::int)) where id = $1",
      [orderId, bought!.lineId, paid],
    )
    const productSeries = () => get<SalesSeries>(`/api/admin/analytics/products/${product.id}/series?days=7`)
    const shopSeries = () => get<ShopSalesSeries>("/api/admin/analytics/series?days=7")
    await expectStable(directOverview, answeredOverview)
    await expectStable(directProductSales, answeredProductSales)
    await expectStable(() => directSeries(product.id, 7), productSeries)
    await expectStable(() => directShopSeries(7), shopSeries)

    // What the answers (equal to the direct computations) moved by: the direct computations with and without the return.
    const sales = await salesOrders()
    const undone = sales.map((order) => (order.id === orderId ? { ...order, returned_lines: {} } : order))
    const orderDay = indiaDay(sales.find((order) => order.id === orderId)!.created_at)
    const [overview, overviewBefore] = [await directOverview(sales), await directOverview(undone)]
    expect(overviewBefore.orders - overview.orders).toBe(0)
    expect(overviewBefore.revenue - overview.revenue).toBe(paid)
    const entryOf = (list: ProductSalesList) => list.products.find((p) => p.productId === product.id)!
    const [entry, entryBefore] = [entryOf(await directProductSales(sales)), entryOf(await directProductSales(undone))]
    expect([entryBefore.units - entry.units, entryBefore.revenue - entry.revenue]).toEqual([1, bought!.unitPrice])
    const dayOf = <D extends { day: string }>(series: { days: D[] }) => series.days.find((d) => d.day === orderDay)!
    const [day, dayBefore] = [dayOf(await directSeries(product.id, 7, sales)), dayOf(await directSeries(product.id, 7, undone))]
    expect([dayBefore.units - day.units, dayBefore.revenue - day.revenue]).toEqual([1, bought!.unitPrice])
    const [shopDay, shopDayBefore] = [dayOf(await directShopSeries(7, sales)), dayOf(await directShopSeries(7, undone))]
    expect([shopDayBefore.orders - shopDay.orders, shopDayBefore.units - shopDay.units, shopDayBefore.revenue - shopDay.revenue]).toEqual([0, 1, paid])

    // The rest returned whole from Medusa's dashboard: the order counts nowhere, its returned unit not taken out twice.
    await cancel(orderId, "returned")
    await expectStable(directOverview, answeredOverview)
    await expectStable(directProductSales, answeredProductSales)
    await expectStable(() => directSeries(product.id, 7), productSeries)
    await expectStable(() => directShopSeries(7), shopSeries)
    const ended = await app.db.query<{ status: string }>("select status from bff.orders where id = $1", [orderId])
    expect(ended.rows[0]!.status).toBe("RETURNED")
  })

  it("lists orders newest first with customers, item counts, a status filter, paging and the total", async () => {
    const shopper = await signedUpUser(app.app, "listing")
    const productId = unlistedProductId()
    const older = await recordTestOrder(shopper.user.id, [line(productId, 2, 10_000), line(unlistedProductId(), 3, 5_000)], {
      createdAt: new Date(Date.now() - 1000),
    })
    const newer = await recordTestOrder(shopper.user.id, [line(productId, 1, 10_000)], { mode: "prepaid" })

    const direct = async (status: string | null, limit: number, offset: number): Promise<AdminOrderList> => {
      const { rows } = await app.db.query<{
        id: string
        display_id: number | null
        status: string
        total_paise: number
        payment_method: string
        items: CheckoutLine[]
        user_id: string
        name: string
        email: string
        created_at: Date
      }>(
        `select o.*, u.name, u.email from bff.orders o join bff.users u on u.id = o.user_id
          where $1::text is null or o.status = $1 order by o.created_at desc, o.id collate "C" desc`,
        [status],
      )
      return {
        orders: rows.slice(offset, offset + limit).map((row) => ({
          id: row.id,
          displayId: row.display_id,
          status: row.status as AdminOrderList["orders"][number]["status"],
          total: row.total_paise,
          paymentMethod: row.payment_method as "cod" | "online",
          itemCount: row.items.reduce((sum, l) => sum + l.quantity, 0),
          customer: { id: row.user_id, name: row.name, email: row.email },
          createdAt: row.created_at.toISOString(),
        })),
        total: rows.length,
      }
    }
    const firstPage = await expectStable(
      () => direct(null, 5, 0),
      () => get<AdminOrderList>("/api/admin/orders?limit=5"),
    )
    await expectStable(
      () => direct(null, 5, 5),
      () => get<AdminOrderList>("/api/admin/orders?limit=5&offset=5"),
    )
    await expectStable(
      () => direct("PAID", 5, 0),
      () => get<AdminOrderList>("/api/admin/orders?limit=5&status=PAID"),
    )
    await expectStable(
      () => direct("PLACED", 5, 0),
      () => get<AdminOrderList>("/api/admin/orders?limit=5&status=PLACED"),
    )
    await expectStable(
      () => direct("CANCELLED", 5, 0),
      () => get<AdminOrderList>("/api/admin/orders?limit=5&status=CANCELLED"),
    )
    expect(firstPage.total).toBeGreaterThanOrEqual(2)

    const mine = (await get<AdminOrderList>("/api/admin/orders?limit=100")).orders.filter((o) => o.customer.id === shopper.user.id)
    expect(mine.map((o) => [o.id, o.itemCount, o.status, o.paymentMethod])).toEqual([
      [newer.orderId, 1, "PAID", "online"],
      [older.orderId, 5, "PLACED", "cod"],
    ])
    expect(mine[0]!.customer).toEqual({ id: shopper.user.id, name: shopper.name, email: shopper.email })
  })
})
