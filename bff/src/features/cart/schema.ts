import { PRODUCT_ID_PATTERN } from "@fitshop/contracts"
import { z } from "zod"
import { MAX_LINE_QUANTITY } from "./bag-lines.js"

const productId = z.string().regex(PRODUCT_ID_PATTERN, "is not a product id")

/** Sizes are trimmed and upper-cased (spec: size lists); an empty size means none. */
const size = z
  .string()
  .trim()
  .max(10)
  .transform((value) => value.toUpperCase())

const quantity = z.number({ error: `must be a whole number from 1 to ${MAX_LINE_QUANTITY}` }).int(`must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)

/** The referring FITFEED post: digits only (spec: referral id), as a string or a number. */
const refPostId = z
  .union([z.string().trim(), z.number().int().nonnegative()])
  .transform((value) => String(value))
  .refine((value) => value === "" || /^[0-9]{1,18}$/.test(value), "must be digits only")
  .transform((value) => value || null)

export const addToBagBody = z.object({
  productId,
  quantity: quantity
    .min(1, `must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
    .max(MAX_LINE_QUANTITY, `must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
    .default(1),
  size: size.nullish().transform((value) => value || null),
  refPostId: refPostId.nullish().transform((value) => value ?? null),
})

/** 0 or less removes the line (spec: cart). */
export const setQuantityBody = z.object({
  quantity: quantity.max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
})

export const setSizeBody = z.object({ size: size.pipe(z.string().min(1, "is required")) })

/** A bag line id (a uuid). Anything else is no line of this shopper. */
export const bagLineParams = z.object({
  id: z.uuid(),
})
