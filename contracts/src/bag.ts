import { z } from "zod"
import { productSchema } from "./catalog.js"
import { PRODUCT_ID_PATTERN } from "./product-id.js"

/** The most of one item a bag line may hold. */
export const MAX_LINE_QUANTITY = 10

/** A bag line as the BFF returns it; money in paise. Its id changes when a size is chosen. */
export const bagItemSchema = z.strictObject({
  id: z.string(),
  productId: z.string(),
  product: productSchema,
  quantity: z.number().int(),
  size: z.string().nullable(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  refPostId: z.string().nullable(),
  /** Sizes in stock now. */
  availableSizes: z.array(z.string()),
  /** The product has sizes and this line has none: shown with the red flag, and checkout waits for it. */
  sizeRequired: z.boolean(),
})
export type BagItem = z.infer<typeof bagItemSchema>

export const bagSummarySchema = z.strictObject({
  /** Sum of the quantities. */
  itemCount: z.number().int(),
  subtotal: z.number(),
  /** The shopper's Dark Coins balance. */
  darkCoins: z.number(),
  /** Paise the coins can take off now (0 when none); computed by the server, only displayed by the shop. */
  usableDiscount: z.number(),
  /** Coins that discount spends. */
  coinsToSpend: z.number(),
  sizesMissing: z.boolean(),
})
export type BagSummary = z.infer<typeof bagSummarySchema>

/** Every bag call answers with the whole bag. */
export const bagSchema = z.strictObject({ items: z.array(bagItemSchema), summary: bagSummarySchema })
export type Bag = z.infer<typeof bagSchema>

const QUANTITY_RANGE = `must be a whole number from 1 to ${MAX_LINE_QUANTITY}`

const productId = z.string().regex(PRODUCT_ID_PATTERN, "is not a product id")

/** Sizes are trimmed and upper-cased (spec: size lists); an empty size means none. */
const size = z
  .string()
  .trim()
  .max(10)
  .transform((value) => value.toUpperCase())

const quantity = z.number({ error: QUANTITY_RANGE }).int(QUANTITY_RANGE)

/** The referring FITFEED post: digits only (spec: referral id), as a string or a number. */
const refPostId = z
  .union([z.string().trim(), z.number().int().nonnegative()])
  .transform((value) => String(value))
  .refine((value) => value === "" || /^[0-9]{1,18}$/.test(value), "must be digits only")
  .transform((value) => value || null)

/** POST /api/cart. */
export const addToBagBody = z.object({
  productId,
  quantity: quantity.min(1, QUANTITY_RANGE).max(MAX_LINE_QUANTITY, QUANTITY_RANGE).default(1),
  size: size.nullish().transform((value) => value || null),
  refPostId: refPostId.nullish().transform((value) => value ?? null),
})
export type AddToBagBody = z.input<typeof addToBagBody>

/** PUT /api/cart/{id}: 0 or less removes the line (spec: cart). */
export const setQuantityBody = z.object({
  quantity: quantity.max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
})
export type SetQuantityBody = z.input<typeof setQuantityBody>

/** PATCH /api/cart/items/{id}. */
export const setSizeBody = z.object({ size: size.pipe(z.string().min(1, "is required")) })
export type SetSizeBody = z.input<typeof setSizeBody>
