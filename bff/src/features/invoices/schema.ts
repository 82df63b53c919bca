import { orderIdSchema } from "@fitshop/contracts"
import { z } from "zod"

/** An order's id in a path. */
export const orderIdParams = z.object({ id: orderIdSchema })

/** An e-mailed link's expiry (Unix seconds) and signature; a download by a signed-in shopper or staff has neither. */
export const documentLinkQuery = z
  .object({
    expires: z.coerce.number().int().positive().optional(),
    signature: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "is not a link signature")
      .optional(),
  })
  .refine((query) => (query.expires === undefined) === (query.signature === undefined), "expires and signature come together")
