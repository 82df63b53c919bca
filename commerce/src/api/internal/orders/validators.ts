import { z } from "@medusajs/framework/zod"

/** A courier update the BFF forwards from Shiprocket's webhook. */
export const InternalShipment = z
  .object({
    status: z.enum(["shipped", "delivered"]),
    tracking_number: z.string().min(1).max(100),
    tracking_url: z.string().url(),
  })
  .strict()

export type InternalShipmentType = z.infer<typeof InternalShipment>
