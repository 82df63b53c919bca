import type { Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Commerce } from "../../lib/medusa.js"
import type { OrderEventListener } from "../../lib/order-events.js"
import { NotInMedusaYet, orderById } from "../orders/index.js"

export const MEDUSA_SHIPMENT_JOB = "medusa-shipment"
/** Telling Medusa fails after 30 runs (≈ 5.5 h of Medusa not answering); staff retry it. */
const MEDUSA_SHIPMENT_JOB_ATTEMPTS = 30

/** The job's key: one per order and courier status, so a repeated webhook queues nothing new. */
export const medusaShipmentKey = (orderId: string, status: "SHIPPED" | "DELIVERED") => `${orderId}:${status}`

/** Medusa's mirror, as a listener: a shipment or delivery the courier's scan made (not one Medusa told us of) is queued for Medusa. */
export const mirrorCourierMoves: OrderEventListener = async (client, orderId, event, facts) => {
  if (!facts?.fromCourier || (event !== "shipped" && event !== "delivered")) return
  await enqueueJob(client, MEDUSA_SHIPMENT_JOB, medusaShipmentKey(orderId, event === "shipped" ? "SHIPPED" : "DELIVERED"))
}

/**
 * Tells Medusa what the courier did (fulfilment shipped or delivered, a COD payment collected), so the
 * ops dashboard agrees with the shopper's Account › Orders. Nobody waits for it, so it runs on the mirror queue and
 * gives way to shoppers' calls to Medusa (a burst of scans during a drop never slows checkout). Medusa down: the job retries.
 */
export function medusaShipmentJob({ db, commerce }: { db: Db; commerce: Commerce }): JobHandler {
  async function syncShipment(job: Job): Promise<void> {
    const [orderId = "", status = ""] = job.key.split(":")
    const order = await orderById(db, orderId)
    if (!order?.trackingId || !order.trackingUrl || order.status === "CANCELLED") return
    // Booked only once Medusa placed the order (dispatch waits for it), so Medusa knows it by now.
    if (!order.medusaOrderId) throw new NotInMedusaYet(order.id)
    await commerce.internal(`/internal/orders/${encodeURIComponent(order.medusaOrderId)}/shipment`, {
      method: "POST",
      body: { status: status.toLowerCase(), tracking_number: order.trackingId, tracking_url: order.trackingUrl },
      givesWay: true,
    })
  }

  return { run: syncShipment, maxAttempts: MEDUSA_SHIPMENT_JOB_ATTEMPTS }
}
