import type { Db } from "../../lib/db.js"
import type { Job } from "../../lib/jobs.js"
import type { Commerce } from "../../lib/medusa.js"
import { orderById } from "../orders/index.js"

export const MEDUSA_SHIPMENT_JOB = "medusa-shipment"

/** The job's key: one per order and courier status, so a repeated webhook queues nothing new. */
export const medusaShipmentKey = (orderId: string, status: "SHIPPED" | "DELIVERED") => `${orderId}:${status}`

/**
 * Tells Medusa what the courier did (fulfilment shipped or delivered, a COD payment collected), so the
 * ops dashboard agrees with the shopper's Account › Orders. Medusa down: the job retries.
 */
export function medusaShipmentJob({ db, commerce }: { db: Db; commerce: Commerce }) {
  return async function syncShipment(job: Job): Promise<void> {
    const [orderId = "", status = ""] = job.key.split(":")
    const order = await orderById(db, orderId)
    if (!order?.trackingId || !order.trackingUrl || order.status === "CANCELLED") return
    await commerce.internal(`/internal/orders/${encodeURIComponent(order.id)}/shipment`, {
      method: "POST",
      body: { status: status.toLowerCase(), tracking_number: order.trackingId, tracking_url: order.trackingUrl },
    })
  }
}
