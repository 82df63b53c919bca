import { z } from "zod"
import {
  CATEGORY_TYPES,
  COLLAR_STYLES,
  dropSchema,
  GENDERS,
  PRODUCT_STATUSES,
  SEASON_FITS,
  SLEEVE_TYPES,
  STYLE_GROUPS,
  SUBCATEGORIES,
  productSchema,
} from "./catalog.js"
import { measurementsSchema } from "./measurements.js"
import { ORDER_STATUSES } from "./order-statuses.js"
import { PAYMENT_METHODS } from "./orders.js"
import { SIZES } from "./sizes.js"

/**
 * The merchandisers' console (spec sections 2–5, issue 17): what the product editor sends, what the
 * admin API answers, and the editor's rules, checked by the console step by step and by the BFF on
 * every save. Texts are the spec's, shown word for word.
 */

export const PRODUCT_TITLE_MAX = 200
/** The GST rates staff may set for a product (since 22 September 2025); null (none set) follows the apparel rule. */
export const GST_RATES = [0, 5, 18, 40] as const
export const GST_PERCENT_MAX = 40
/** What the editor offers by default: the apparel rule on what a piece sells for. */
export const GST_BY_RULE_LABEL = "By GST rule (5% up to ₹2,500 a piece, 18% above)"
/** Media a product may carry, and the largest upload of each kind (bytes). */
export const PRODUCT_MEDIA_MAX = 12
export const VIDEO_UPLOAD_MAX_BYTES = 50 * 1024 * 1024

/** The editor's five steps, in order (spec section 2: Product editor). */
export const EDITOR_STEPS = ["Basics", "Sizes & Inventory", "Media", "Tax & Weight", "Review & Publish"] as const
export type EditorStep = (typeof EDITOR_STEPS)[number]

export const EDITOR_MESSAGES = {
  titleRequired: "Product name is required",
  titleTooLong: `Product name must be at most ${PRODUCT_TITLE_MAX} characters`,
  price: "Enter a valid price (₹)",
  gender: "Select Gender",
  categoryType: "Select Category Type",
  subcategory: "Select Subcategory",
  styleGroup: "Select Category (Western / Traditions)",
  sizes: "Select at least one size and provide inventory",
  stock: "Stock must be numbers",
  media: "Add at least one image or video",
  gst: `GST must be by the GST rule, or one of ${GST_RATES.join(", ")} (%)`,
  weight: "Weight cannot be negative",
  countryOfOrigin: "Enter the country of origin",
  manufacturer: "Enter the manufacturer's, packer's or importer's name and address",
} as const

/** The step a field is edited in, so a refusal can say "Fix “{step}”: {message}". */
export const FIELD_STEP: Record<string, EditorStep> = {
  title: "Basics",
  description: "Basics",
  price: "Basics",
  mrp: "Basics",
  gender: "Basics",
  styleGroup: "Basics",
  categoryType: "Basics",
  subcategory: "Basics",
  collarStyle: "Basics",
  fabric: "Basics",
  seasonFit: "Basics",
  sleeveType: "Basics",
  colorName: "Basics",
  colorHex: "Basics",
  genre: "Basics",
  washInstructions: "Basics",
  sizes: "Sizes & Inventory",
  drop: "Sizes & Inventory",
  images: "Media",
  videos: "Media",
  gstPercent: "Tax & Weight",
  weightGrams: "Tax & Weight",
  returnable: "Tax & Weight",
  countryOfOrigin: "Tax & Weight",
  manufacturer: "Tax & Weight",
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null)

const mediaItem = z.object({
  /** An uploaded file's address on our own server (`/media/…`). */
  url: z.string().regex(/^\/media\/[A-Za-z0-9/_.-]+$/, "must be a /media/ address from an upload"),
  altText: optionalText(300),
  isPrimary: z.boolean().default(false),
  /** 1-based; defaulted from the order on save. */
  position: z.number().int().min(1).optional(),
})

export const sizeRow = z.object({
  size: z.enum(SIZES, { message: `must be one of ${SIZES.join(", ")}` }),
  stock: z.number({ message: EDITOR_MESSAGES.stock }).int(EDITOR_MESSAGES.stock).min(0, EDITOR_MESSAGES.stock).max(1_000_000),
  /** Inches; the console's cm view converts before sending. */
  measurements: measurementsSchema.nullish().transform((value) => value ?? null),
})

/**
 * The editor's payload. A draft may be incomplete (only its title is needed); what it does carry must
 * be valid. Publishing (status LIVE) needs every step complete: see `publishProblems`.
 */
const productFields = z.object({
  title: z.string({ message: EDITOR_MESSAGES.titleRequired }).trim().min(1, EDITOR_MESSAGES.titleRequired).max(PRODUCT_TITLE_MAX, EDITOR_MESSAGES.titleTooLong),
  description: z.string().trim().max(5000).default(""),
  /** Rupees as entered; answered back as `basePrice` in paise. */
  price: z
    .number({ message: EDITOR_MESSAGES.price })
    .positive(EDITOR_MESSAGES.price)
    .max(10_000_000, EDITOR_MESSAGES.price)
    .nullish()
    .transform((v) => v ?? null),
  /** The crossed-out price in rupees, when there is one. */
  mrp: z
    .number()
    .positive()
    .max(10_000_000)
    .nullish()
    .transform((v) => v ?? null),
  gender: z
    .enum(GENDERS, { message: EDITOR_MESSAGES.gender })
    .nullish()
    .transform((v) => v ?? null),
  styleGroup: z
    .enum(STYLE_GROUPS, { message: EDITOR_MESSAGES.styleGroup })
    .nullish()
    .transform((v) => v ?? null),
  categoryType: z
    .enum(CATEGORY_TYPES, { message: EDITOR_MESSAGES.categoryType })
    .nullish()
    .transform((v) => v ?? null),
  subcategory: optionalText(60),
  collarStyle: z
    .enum(COLLAR_STYLES)
    .nullish()
    .transform((v) => v ?? null),
  fabric: optionalText(60),
  seasonFit: z
    .enum(SEASON_FITS)
    .nullish()
    .transform((v) => v ?? null),
  sleeveType: z
    .enum(SLEEVE_TYPES)
    .nullish()
    .transform((v) => v ?? null),
  colorName: optionalText(60),
  colorHex: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c")
    .nullish()
    .transform((v) => v ?? null),
  genre: optionalText(60),
  washInstructions: optionalText(1000),
  /** null: the apparel rule; a number only as an exemption or another slab staff chose. */
  gstPercent: z
    .number({ message: EDITOR_MESSAGES.gst })
    .refine((rate) => (GST_RATES as readonly number[]).includes(rate), EDITOR_MESSAGES.gst)
    .nullish()
    .transform((v) => v ?? null),
  weightGrams: z
    .number({ message: EDITOR_MESSAGES.weight })
    .int()
    .min(0, EDITOR_MESSAGES.weight)
    .max(100_000)
    .nullish()
    .transform((v) => v ?? null),
  /** Whether shoppers may return or exchange it after delivery; older clients and the seed leave it out, so it defaults to yes. */
  returnable: z.boolean().default(true),
  /** The declarations the product page must show (Legal Metrology r.6(10)); a LIVE product needs both. */
  countryOfOrigin: optionalText(60),
  manufacturer: optionalText(500),
  /** A scheduled drop, or null (older clients leave it out: no drop). */
  drop: dropSchema.nullish().transform((value) => value ?? null),
  sizes: z
    .array(sizeRow)
    .max(SIZES.length)
    .default([])
    .refine((rows) => new Set(rows.map((row) => row.size)).size === rows.length, "each size may appear once"),
  images: z.array(mediaItem).max(PRODUCT_MEDIA_MAX).default([]),
  videos: z.array(mediaItem).max(PRODUCT_MEDIA_MAX).default([]),
  status: z.enum(PRODUCT_STATUSES).default("DRAFT"),
})

type ProductFields = z.output<typeof productFields>

export const adminProductInput = productFields
  .superRefine((product, ctx) => {
    const subcategories: readonly string[] = product.categoryType ? SUBCATEGORIES[product.categoryType] : []
    if (product.gender === "MEN" && product.subcategory && product.categoryType && !subcategories.includes(product.subcategory)) {
      ctx.addIssue({ code: "custom", path: ["subcategory"], message: `must be one of ${subcategories.join(", ")}` })
    }
    if (product.status === "LIVE") {
      for (const problem of publishProblems(product)) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message })
    }
  })
  .transform(withGenderRules)

export type AdminProductInput = z.output<typeof adminProductInput>
/** What the console's form holds before parsing (numbers may still be missing). */
export type AdminProductForm = z.input<typeof adminProductInput>

/** An update names the version it was made from; a stale one is refused with 409. */
export const adminProductUpdate = z.object({ version: z.number().int().min(1), product: adminProductInput })
export type AdminProductUpdate = z.output<typeof adminProductUpdate>

/**
 * Spec section 4: saving a woman's product fills a missing categoryType with UPPERS and subcategory with
 * Regular; saving a man's product clears styleGroup.
 */
function withGenderRules(product: ProductFields): ProductFields {
  if (product.gender === "WOMEN") return { ...product, categoryType: product.categoryType ?? "UPPERS", subcategory: product.subcategory ?? "Regular" }
  if (product.gender === "MEN") return { ...product, styleGroup: null }
  return product
}

export type PublishProblem = { field: keyof ProductFields & string; step: EditorStep; message: string }

type Publishable = Pick<
  ProductFields,
  "price" | "gender" | "styleGroup" | "categoryType" | "subcategory" | "sizes" | "images" | "videos" | "countryOfOrigin" | "manufacturer"
>

/** What stops a product from going LIVE, in step order (the first is what the editor shows). */
export function publishProblems(product: Publishable): PublishProblem[] {
  const problems: PublishProblem[] = []
  const add = (field: PublishProblem["field"], message: string) => problems.push({ field, step: FIELD_STEP[field] ?? "Basics", message })
  if (product.price === null) add("price", EDITOR_MESSAGES.price)
  if (product.gender === null) add("gender", EDITOR_MESSAGES.gender)
  else if (product.gender === "MEN") {
    if (product.categoryType === null) add("categoryType", EDITOR_MESSAGES.categoryType)
    else if (product.subcategory === null) add("subcategory", EDITOR_MESSAGES.subcategory)
  } else if (product.styleGroup === null) add("styleGroup", EDITOR_MESSAGES.styleGroup)
  if (product.sizes.length === 0) add("sizes", EDITOR_MESSAGES.sizes)
  if (product.images.length + product.videos.length === 0) add("images", EDITOR_MESSAGES.media)
  if (product.countryOfOrigin === null) add("countryOfOrigin", EDITOR_MESSAGES.countryOfOrigin)
  if (product.manufacturer === null) add("manufacturer", EDITOR_MESSAGES.manufacturer)
  return problems
}

/** The console's "Fix “{step name}”: {message}". */
export const fixStepMessage = (problem: Pick<PublishProblem, "step" | "message">) => `Fix “${problem.step}”: ${problem.message}`

/** A product as the admin API answers it: the shop's Product (status included) and the version an update must name. */
export const adminProductSchema = productSchema.extend({ version: z.number().int().min(1) })
export type AdminProduct = z.infer<typeof adminProductSchema>

/** GET, POST and PUT /api/admin/products/{id}, and POST …/duplicate: one product under its name. */
export const adminProductAnswerSchema = z.strictObject({ product: adminProductSchema })
export type AdminProductAnswer = z.infer<typeof adminProductAnswerSchema>

const count = z.number().int().nonnegative()

export const adminProductListSchema = z.strictObject({ products: z.array(adminProductSchema), total: count })
export type AdminProductList = z.infer<typeof adminProductListSchema>

/** A page of an admin list: offset paging, as react-admin's lists ask. */
export const adminPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})

export const adminProductListQuery = adminPageQuery.extend({
  status: z.enum(PRODUCT_STATUSES).optional(),
  /** Title contains (case-insensitive). */
  q: z.string().trim().max(200).optional(),
})

export const bulkStatusInput = z.object({
  ids: z.array(z.string()).min(1).max(100),
  status: z.enum(PRODUCT_STATUSES),
})
export type BulkStatusInput = z.infer<typeof bulkStatusInput>

/** POST /api/admin/products/bulk-status: how many products changed. */
export const bulkStatusAnswerSchema = z.strictObject({ updated: count })
export type BulkStatusAnswer = z.infer<typeof bulkStatusAnswerSchema>

/** GET /api/admin/config/sizes: the sizes the editor offers. */
export const sizesConfigSchema = z.strictObject({ items: z.array(z.string()) })
export type SizesConfig = z.infer<typeof sizesConfigSchema>

/** GET /api/admin/analytics/overview. Money in paise; cancelled orders count nowhere. */
export const analyticsOverviewSchema = z.strictObject({
  products: z.strictObject({ total: count, live: count, draft: count, archived: count }),
  orders: count,
  revenue: z.number(),
  averageOrderValue: z.number(),
  /** Share of orders paid by cash on delivery, 0 to 1. */
  cashOnDeliveryShare: z.number(),
  /** Revenue of order lines bought through a FITFEED post (refPostId). */
  fitfeedRevenue: z.number(),
  /** Dark Coins held by shoppers, not yet spent. */
  darkCoinsOutstanding: z.number(),
  /** Sizes with stock at or below the low-stock line, fewest first. */
  lowStock: z.array(z.strictObject({ productId: z.string(), title: z.string(), size: z.string(), stock: z.number() })),
})
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>

/** GET /api/admin/analytics/products: units and revenue per product, best first. */
export const productSalesSchema = z.strictObject({
  productId: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  units: z.number(),
  revenue: z.number(),
})
export type ProductSales = z.infer<typeof productSalesSchema>
export const productSalesListSchema = z.strictObject({ products: z.array(productSalesSchema), total: count })
export type ProductSalesList = z.infer<typeof productSalesListSchema>

/** GET /api/admin/analytics/products/{id}/series: one point per day in India time (YYYY-MM-DD). */
export const salesSeriesSchema = z.strictObject({
  productId: z.string(),
  days: z.array(z.strictObject({ day: z.string(), units: z.number(), revenue: z.number() })),
})
export type SalesSeries = z.infer<typeof salesSeriesSchema>

/**
 * GET /api/admin/analytics/series?days=N: the whole shop's sales on each of the last N India days, today last,
 * days without sales as zeros. `units` are the units bought; `revenue` is what the orders charged (paise), as
 * the overview's revenue counts it, so the days add up to the overview's figures for their span.
 */
export const shopSalesSeriesSchema = z.strictObject({
  days: z.array(z.strictObject({ day: z.string(), orders: z.number(), units: z.number(), revenue: z.number() })),
})
export type ShopSalesSeries = z.infer<typeof shopSalesSeriesSchema>

/** GET /api/admin/orders: newest first. */
export const adminOrderSchema = z.strictObject({
  id: z.string(),
  displayId: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** Paise. */
  total: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  itemCount: z.number(),
  customer: z.strictObject({ id: z.string(), name: z.string(), email: z.string() }),
  createdAt: z.string(),
})
export type AdminOrder = z.infer<typeof adminOrderSchema>
export const adminOrderListSchema = z.strictObject({ orders: z.array(adminOrderSchema), total: count })
export type AdminOrderList = z.infer<typeof adminOrderListSchema>

/** A post that three reports took out of the feed, waiting for staff. */
export const reportedPostSchema = z.strictObject({
  id: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  text: z.string().nullable(),
  author: z.strictObject({ id: z.string(), name: z.string(), handle: z.string() }),
  reports: z.strictObject({ count: z.number(), reasons: z.array(z.string()), lastAt: z.string() }),
  hiddenAt: z.string(),
  createdAt: z.string(),
})
export type ReportedPost = z.infer<typeof reportedPostSchema>
export const reportedPostListSchema = z.strictObject({ posts: z.array(reportedPostSchema), total: count })
export type ReportedPostList = z.infer<typeof reportedPostListSchema>

/** The job states staff can list: only failed jobs (the ones waiting for someone) for now. */
export const ADMIN_JOB_STATES = ["failed"] as const

/** GET /api/admin/jobs?state=failed&limit=&offset= */
export const adminJobListQuery = adminPageQuery.extend({
  state: z.enum(ADMIN_JOB_STATES, { message: `must be one of ${ADMIN_JOB_STATES.join(", ")}` }).default("failed"),
})
export type AdminJobListQuery = z.infer<typeof adminJobListQuery>

/** A background job that ran out of attempts or time: what it was, how often it ran, and how its last run ended. */
export const adminJobSchema = z.strictObject({
  id: z.string(),
  kind: z.string(),
  key: z.string(),
  attempts: count,
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string(),
})
export type AdminJob = z.infer<typeof adminJobSchema>
/** `total` is how many jobs are failed (the dashboard's count). */
export const adminJobListSchema = z.strictObject({ jobs: z.array(adminJobSchema), total: count })
export type AdminJobList = z.infer<typeof adminJobListSchema>

/** POST /api/admin/jobs/{id}/retry (202): the job is queued again, from its first attempt, to run now. */
export const retriedJobSchema = z.strictObject({ id: z.string(), kind: z.string(), key: z.string() })
export type RetriedJob = z.infer<typeof retriedJobSchema>
