import {
  adminProductAnswerSchema,
  adminSearchQueriesSchema,
  adminReviewAnswerSchema,
  analyticsOverviewSchema,
  fitReturnRatesSchema,
  hideReviewBody,
  productSalesListSchema,
  retriedJobSchema,
  salesSeriesSchema,
  shopSalesSeriesSchema,
  SIZES,
  sizesConfigSchema,
  type AdminProduct,
  type AdminReview,
  type AdminSearchQueries,
  type AnalyticsOverview,
  type FitReturnRate,
  type ProductSales,
  type RetriedJob,
  type SalesSeries,
  type ShopSalesSeries,
} from "@fitshop/contracts"
import { authorizedJson, uploadFile } from "../lib/http-client"

type Signal = { signal?: AbortSignal }

const productPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`
const postPath = (id: string) => `/api/admin/fitfeed/posts/${encodeURIComponent(id)}`
const reviewPath = (id: string) => `/api/admin/reviews/${encodeURIComponent(id)}`

/** Hide and restore answer the review as it now stands. */

/** The editor's uploads: each kind's route and multipart field. */
const UPLOADS = {
  image: { path: "/api/uploads/image", field: "image" },
  video: { path: "/api/uploads/video", field: "video" },
} as const

export type UploadKind = keyof typeof UPLOADS

/** The data provider's methods beyond react-admin's own, each answering `{ data }` as those do. */
export const customMethods = {
  /** A DRAFT copy of the product with its sizes, stock and media. */
  async duplicateProduct(id: string): Promise<{ data: AdminProduct }> {
    const body = await authorizedJson(`${productPath(id)}/duplicate`, { method: "POST" })
    return { data: adminProductAnswerSchema.parse(body).product }
  },

  /** The sizes the editor offers: the server's list when it has one, else the standard sizes. */
  async getProductSizes({ signal }: Signal = {}): Promise<{ data: readonly string[] }> {
    const answer = sizesConfigSchema.safeParse(await authorizedJson("/api/admin/config/sizes", { signal }).catch(() => null))
    return { data: answer.success && answer.data.items.length > 0 ? answer.data.items : SIZES }
  },

  async getAnalyticsOverview({ signal }: Signal = {}): Promise<{ data: AnalyticsOverview }> {
    return { data: analyticsOverviewSchema.parse(await authorizedJson("/api/admin/analytics/overview", { signal })) }
  },

  /** Each product's units and revenue, best first (the server's first page). */
  async getProductSales({ signal }: Signal = {}): Promise<{ data: ProductSales[]; total: number }> {
    const { products, total } = productSalesListSchema.parse(await authorizedJson("/api/admin/analytics/products", { signal }))
    return { data: products, total }
  },

  /** One product's daily units and revenue (India days). */
  async getSalesSeries(productId: string, { signal }: Signal = {}): Promise<{ data: SalesSeries }> {
    const body = await authorizedJson(`/api/admin/analytics/products/${encodeURIComponent(productId)}/series`, { signal })
    return { data: salesSeriesSchema.parse(body) }
  },

  /** The whole shop's daily orders, units and revenue over the last `days` India days. */
  async getShopSalesSeries(days: number, { signal }: Signal = {}): Promise<{ data: ShopSalesSeries }> {
    return { data: shopSalesSeriesSchema.parse(await authorizedJson(`/api/admin/analytics/series?days=${String(days)}`, { signal })) }
  },

  /** Puts a reported post back in the feed, its reports cleared. */
  async restoreReportedPost(id: string): Promise<{ data: { id: string } }> {
    await authorizedJson(`${postPath(id)}/restore`, { method: "POST" })
    return { data: { id } }
  },

  /** Hides a review from shoppers; the author is e-mailed the reason. */
  async hideReview(id: string, reason: string): Promise<{ data: AdminReview }> {
    const body = await authorizedJson(`${reviewPath(id)}/hide`, { method: "POST", body: hideReviewBody.parse({ reason }) })
    return { data: adminReviewAnswerSchema.parse(body).review }
  },

  /** Shows a hidden review again. */
  async restoreReview(id: string): Promise<{ data: AdminReview }> {
    return { data: adminReviewAnswerSchema.parse(await authorizedJson(`${reviewPath(id)}/restore`, { method: "POST" })).review }
  },

  /** Each product's share of the last 90 days' delivered units that came back or were exchanged for fit, highest first. */
  async getFitReturnRates({ signal }: Signal = {}): Promise<{ data: FitReturnRate[] }> {
    return { data: fitReturnRatesSchema.parse(await authorizedJson("/api/admin/analytics/fit-returns", { signal })).products }
  },

  /** What shoppers searched for over the last `days`, and what found nothing. */
  async getSearchQueries(days: number, { signal }: Signal = {}): Promise<{ data: AdminSearchQueries }> {
    return { data: adminSearchQueriesSchema.parse(await authorizedJson(`/api/admin/search/queries?days=${String(days)}`, { signal })) }
  },

  /** Queues a failed job again, from its first attempt, to run now. */
  async retryJob(id: string): Promise<{ data: RetriedJob }> {
    const body = await authorizedJson(`/api/admin/jobs/${encodeURIComponent(id)}/retry`, { method: "POST" })
    return { data: retriedJobSchema.parse(body) }
  },

  /** Uploads one image or video for the product editor, reporting progress; answers its `/media/…` address. */
  async uploadProductMedia(kind: UploadKind, file: File, onProgress?: (share: number) => void): Promise<{ data: { url: string } }> {
    const { path, field } = UPLOADS[kind]
    return { data: { url: await uploadFile(path, field, file, onProgress) } }
  },
}
