import { z } from "zod"
import { addressPatchBody } from "./address.js"
import { PRODUCT_ID_PATTERN } from "./product-id.js"

/** The address book's pincode rule (6 digits, not starting with 0), with its message, so both say the same. */
const pincode = addressPatchBody.shape.postalCode.unwrap()

/**
 * GET /api/serviceability's query. `productId` is taken so the product page can name what it shows; every piece
 * ships in the same parcel today, so the answer depends on the pincode alone.
 */
export const serviceabilityQuery = z.object({
  pincode,
  productId: z.string().regex(PRODUCT_ID_PATTERN, "is not a product id").optional(),
})
export type ServiceabilityQuery = z.input<typeof serviceabilityQuery>

/**
 * GET /api/serviceability: whether a courier reaches the pincode, whether one collects cash there, and the India
 * calendar day (`yyyy-mm-dd`) an order placed today should arrive. Not deliverable: no date and no cash on delivery.
 */
export const serviceabilitySchema = z.strictObject({
  pincode: z.string(),
  deliverable: z.boolean(),
  codAvailable: z.boolean(),
  estimatedDelivery: z.iso.date().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
})
export type Serviceability = z.infer<typeof serviceabilitySchema>
