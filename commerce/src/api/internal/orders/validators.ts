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

/** The BFF's read of order changes: from a moment (ISO), a page at a time. */
export const InternalOrderChanges = z
  .object({
    since: z.coerce.date({ message: "since must be an ISO date" }),
    limit: z.coerce.number().int().min(1).max(500).default(200),
  })
  .strict()

export type InternalOrderChangesType = z.infer<typeof InternalOrderChanges>
