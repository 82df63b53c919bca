import { z } from "zod"

/** An order's state as commerce tells it (commerce/src/lib/order-states.ts). */
export const medusaOrderStateSchema = z.object({
  id: z.string(),
  updated_at: z.iso.datetime({ offset: true }),
  canceled: z.boolean(),
  shipped: z.boolean(),
  delivered: z.boolean(),
  returned: z.boolean(),
  /** Medusa's ids of the order's returns received in full. */
  received_returns: z.array(z.string()).default([]),
})
export type MedusaOrderState = z.infer<typeof medusaOrderStateSchema>

export const medusaOrderChangesSchema = z.object({ orders: z.array(medusaOrderStateSchema) })
export const medusaOrderStateAnswerSchema = z.object({ order: medusaOrderStateSchema })
