import { transaction, type Db } from "../../lib/db.js"
import type { Job, JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { paiseToRupees } from "../../lib/money.js"
import { bookParcel } from "../../lib/parcel-booking.js"
import { APPAREL_PARCEL, billingFields, shiprocketDate, type ShiprocketClient, type ShiprocketOrder } from "../../lib/shiprocket.js"
import { lineName, orderById, type OrderCommands, type OrderRecord } from "../orders/index.js"

export const DISPATCH_JOB = "dispatch-order"
/** A dispatch fails after 30 runs (≈ 5.5 h of Shiprocket not answering); staff retry it or dispatch from the panel. */
const DISPATCH_JOB_ATTEMPTS = 30

function shiprocketOrder(order: OrderRecord, pickupLocation: string): ShiprocketOrder {
  return {
    order_id: order.id,
    order_date: shiprocketDate(order.createdAt),
    pickup_location: pickupLocation,
    ...billingFields(order.shippingAddress),
    order_items: order.items.map((line) => ({
      name: lineName(line),
      sku: line.variantId,
      units: line.quantity,
      selling_price: paiseToRupees(line.unitPrice),
      // The courier's e-way bill and the shipping label name the goods by the HSN code the invoice uses.
      ...(line.hsn ? { hsn: line.hsn } : {}),
    })),
    payment_method: order.paymentMethod === "cod" ? "COD" : "Prepaid",
    transaction_charges: paiseToRupees(order.codFee),
    total_discount: paiseToRupees(order.discount),
    sub_total: paiseToRupees(order.subtotal),
    ...APPAREL_PARCEL,
  }
}

/**
 * The dispatch job: creates the Shiprocket order (Shiprocket keeps one per order id, so a retry finds
 * the first), gets an AWB, and stores the courier and tracking link on the order, telling listeners the parcel is
 * booked ("dispatched": a cash-on-delivery invoice goes with the goods). Network and server failures are retried by
 * the queue; an order Shiprocket refuses outright is logged for ops.
 */
export function dispatchJob({
  db,
  shiprocket,
  pickupLocation,
  logger,
  orders,
}: {
  db: Db
  shiprocket: ShiprocketClient
  pickupLocation: string
  logger: Logger
  /** Records the parcel's AWB and tells it booked, in one transaction. */
  orders: Pick<OrderCommands, "dispatch">
}): JobHandler {
  async function dispatch(job: Job): Promise<void> {
    const order = await orderById(db, job.key)
    // Placed in Medusa first (its placement queues this job): Medusa may still refuse an order it has not placed.
    if (!order?.medusaOrderId || order.isTest || order.status === "CANCELLED" || order.trackingId) return
    await bookParcel(
      shiprocket,
      logger,
      { direction: "out", order: shiprocketOrder(order, pickupLocation) },
      {
        record: (booked) =>
          transaction(db, async (client) => {
            await orders.dispatch(client, order.id, {
              provider: booked.courierName || "Shiprocket",
              shiprocketOrderId: booked.shiprocketOrderId,
              shipmentId: booked.shipmentId,
              trackingId: booked.awb,
              trackingUrl: booked.trackingUrl,
            })
          }),
        refusal: { fields: { orderId: order.id }, message: "Shiprocket refused the order; dispatch it from the panel" },
      },
    )
  }

  return { run: dispatch, maxAttempts: DISPATCH_JOB_ATTEMPTS }
}
