import { transaction, type Db } from "../../lib/db.js"
import type { Job, JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { ReturnEventListener } from "../../lib/order-events.js"
import type { Commerce } from "../../lib/medusa.js"
import { paiseToRupees } from "../../lib/money.js"
import { bookParcel } from "../../lib/parcel-booking.js"
import { APPAREL_PARCEL, billingFields, shiprocketDate, type ShiprocketClient, type ShiprocketOrder } from "../../lib/shiprocket.js"
import { lineName, medusaIdOf } from "../orders/index.js"
import { shipMedusaExchange } from "./medusa-returns.js"
import { returnById, type ReturnRecord } from "./returns.js"

export const EXCHANGE_SHIPMENT_JOB = "return.ship-exchange"
/** Shipping the new size is retried for ≈ 5.5 h of Shiprocket or Medusa not answering, like a dispatch. */
const EXCHANGE_SHIPMENT_ATTEMPTS = 30

/** Shiprocket's order id for an exchange's new parcel: apart from the order's and the return's. */
export const shiprocketExchangeId = (returnId: string) => `exchange_${returnId.replace(/-/g, "")}`

/** The new size as a prepaid parcel to the address the old one was picked up from; the declared value is what was paid. */
function exchangeParcel(ask: ReturnRecord, pickupLocation: string): ShiprocketOrder {
  const items = ask.lines.map((line) => ({
    name: lineName({ title: line.title, size: line.exchangeSize }),
    sku: line.exchangeVariantId ?? line.variantId,
    units: line.quantity,
    selling_price: paiseToRupees(line.unitPrice),
  }))
  return {
    order_id: shiprocketExchangeId(ask.id),
    order_date: shiprocketDate(ask.requestedAt),
    pickup_location: pickupLocation,
    comment: "Size exchange: no charge",
    ...billingFields(ask.pickupAddress),
    order_items: items,
    payment_method: "Prepaid",
    sub_total: items.reduce((sum, item) => sum + item.selling_price * item.units, 0),
    ...APPAREL_PARCEL,
  }
}

/**
 * The exchange's new size leaves once the courier has the old one: a prepaid Shiprocket order at no charge (Shiprocket
 * keeps one per order id, so a retry finds the first), and Medusa's exchange fulfilled with the AWB, so ops see the
 * parcel on the order. When the old one is already at the warehouse, the exchange is done.
 */
export function exchangeShipmentJob({
  db,
  commerce,
  shiprocket,
  pickupLocation,
  logger,
  onReturnEvent,
}: {
  db: Db
  commerce: Commerce
  shiprocket: ShiprocketClient
  pickupLocation: string
  logger: Logger
  onReturnEvent?: ReturnEventListener
}): JobHandler {
  async function ship(job: Job): Promise<void> {
    const ask = await returnById(db, job.key)
    if (!ask || ask.kind !== "exchange" || ask.status === "cancelled" || ask.exchangeShippedAt) return
    if (!ask.medusaExchangeId) throw new Error(`exchange ${ask.id} is not in Medusa yet`)
    let awb = ask.exchangeAwb
    let trackingUrl = ask.exchangeTrackingUrl
    if (!awb) {
      const booked = await bookParcel(
        shiprocket,
        logger,
        { direction: "out", order: exchangeParcel(ask, pickupLocation) },
        {
          record: async (parcel) => {
            await db.query(
              "update bff.returns set exchange_shiprocket_order_id = $2, exchange_awb = $3, exchange_tracking_url = $4, updated_at = now() where id = $1",
              [ask.id, parcel.shiprocketOrderId, parcel.awb, parcel.trackingUrl],
            )
          },
          refusal: { fields: { returnId: ask.id }, message: "Shiprocket refused the exchange's parcel; ship it from the panel" },
        },
      )
      if (!booked) return
      awb = booked.awb
      trackingUrl = booked.trackingUrl
    }
    await shipMedusaExchange(commerce, await medusaIdOf(db, ask.orderId), ask.medusaExchangeId, {
      trackingNumber: awb,
      trackingUrl: trackingUrl ?? shiprocket.trackingUrl(awb),
    })
    await transaction(db, async (client) => {
      const { rowCount } = await client.query(
        `update bff.returns set exchange_shipped_at = now(), updated_at = now(),
            status = case when status = 'received' then 'exchanged' else status end,
            exchanged_at = case when status = 'received' then now() else exchanged_at end
          where id = $1 and exchange_shipped_at is null`,
        [ask.id],
      )
      if (rowCount) await onReturnEvent?.(client, ask.id, "exchange_shipped")
    })
    logger.info({ returnId: ask.id, awb }, "exchange shipped")
  }

  return { run: ship, maxAttempts: EXCHANGE_SHIPMENT_ATTEMPTS }
}
