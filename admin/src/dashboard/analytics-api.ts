import { z } from "zod"

/** The BFF's analytics answers (contracts/src/admin.ts), checked where they arrive. Money in paise. */
export const analyticsOverview = z.object({
  products: z.object({ total: z.number(), live: z.number(), draft: z.number(), archived: z.number() }),
  orders: z.number(),
  revenue: z.number(),
  averageOrderValue: z.number(),
  cashOnDeliveryShare: z.number(),
  fitfeedRevenue: z.number(),
  darkCoinsOutstanding: z.number(),
  lowStock: z.array(z.object({ productId: z.string(), title: z.string(), size: z.string(), stock: z.number() })),
})
export type Overview = z.infer<typeof analyticsOverview>

const productSales = z.object({ productId: z.string(), title: z.string(), imageUrl: z.string().nullable(), units: z.number(), revenue: z.number() })
export type ProductSales = z.infer<typeof productSales>

const adminOrder = z.object({ id: z.string(), displayId: z.number().nullable(), status: z.string(), total: z.number(), createdAt: z.string() })
export type OrderPoint = z.infer<typeof adminOrder>

const salesSeries = z.object({ productId: z.string(), days: z.array(z.object({ day: z.string(), units: z.number(), revenue: z.number() })) })
export type SalesSeries = z.infer<typeof salesSeries>

const shopSeries = z.object({ days: z.array(z.object({ day: z.string(), orders: z.number(), units: z.number(), revenue: z.number() })) })
export type ShopSeries = z.infer<typeof shopSeries>

export const OVERVIEW_PATH = "/api/admin/analytics/overview"
/** The newest orders, as many as one page may hold. */
export const ORDERS_PATH = "/api/admin/orders?limit=100"
export const PRODUCT_SALES_PATH = "/api/admin/analytics/products"
export const seriesPath = (productId: string) => `${PRODUCT_SALES_PATH}/${encodeURIComponent(productId)}/series`
/** The whole shop's last 30 India days. */
export const SHOP_SERIES_PATH = "/api/admin/analytics/series?days=30"

export const readOverview = (body: unknown): Overview => analyticsOverview.parse(body)
export const readOrders = (body: unknown): OrderPoint[] => z.object({ orders: z.array(adminOrder) }).parse(body).orders
export const readProductSales = (body: unknown): ProductSales[] => z.object({ products: z.array(productSales) }).parse(body).products
export const readSeries = (body: unknown): SalesSeries => salesSeries.parse(body)
export const readShopSeries = (body: unknown): ShopSeries => shopSeries.parse(body)
