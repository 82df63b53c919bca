import { transaction, type Db } from "../../lib/db.js"
import type { Job, JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { ReturnEventListener } from "../../lib/order-events.js"
import type { Commerce } from "../../lib/medusa.js"
import { paiseToRupees } from "../../lib/money.js"
import type { ReturnWarehouse } from "../../lib/return-warehouse.js"
import { bookParcel } from "../../lib/parcel-booking.js"
import { APPAREL_PARCEL, shiprocketDate, shiprocketName, type ShiprocketClient, type ShiprocketReturnOrder } from "../../lib/shiprocket.js"
import { lineName, medusaIdOf } from "../orders/index.js"
import { markExchangeUnitsPlaced } from "./exchange-units.js"
import { MedusaStockShort, requestMedusaExchange, requestMedusaReturn } from "./medusa-returns.js"
import { cancelReturn, recordMedusaReturn, recordPickup, returnById, type ReturnRecord } from "./returns.js"

export const RETURN_BOOKING_JOB = "return.book"
/** A booking fails after 30 runs (≈ 5.5 h of Medusa or Shiprocket not answering); staff retry it from the console. */
const RETURN_BOOKING_ATTEMPTS = 30

/** Shiprocket's order id for a return: ours, apart from the forward order's so neither finds the other. */
export const shiprocketReturnId = (returnId: string) => `return_${returnId.replace(/-/g, "")}`

function reversePickup(ask: ReturnRecord, warehouse: ReturnWarehouse): ShiprocketReturnOrder {
  const from = ask.pickupAddress
  const name = shiprocketName(from.fullName)
  const items = ask.lines.map((line) => ({ name: lineName(line), sku: line.variantId, units: line.quantity, selling_price: paiseToRupees(line.unitPrice) }))
  return {
    order_id: shiprocketReturnId(ask.id),
    order_date: shiprocketDate(ask.requestedAt),
    pickup_customer_name: name.first,
    pickup_last_name: name.last,
    pickup_address: from.line1,
    pickup_address_2: from.line2 ?? undefined,
    pickup_city: from.city,
    pickup_state: from.state,
    pickup_country: from.country,
    pickup_pincode: from.postalCode,
    // The ask always keeps an e-mail with the pickup address (the order's or the account's).
    pickup_email: from.email ?? "",
    pickup_phone: from.phone,
    shipping_customer_name: warehouse.name,
    shipping_address: warehouse.address,
    shipping_city: warehouse.city,
    shipping_state: warehouse.state,
    shipping_country: "India",
    shipping_pincode: warehouse.pincode,
    shipping_phone: warehouse.phone,
    order_items: items,
    payment_method: "PREPAID",
    sub_total: items.reduce((sum, item) => sum + item.selling_price * item.units, 0),
    ...APPAREL_PARCEL,
  }
}

/**
 * The booking job: Medusa records the return on the order (ops see it in the dashboard), then the courier's reverse
 * pickup is booked and its AWB and day kept. Each step is skipped once done, and both Medusa and Shiprocket find
 * the first on a retry (our return id names it), so an outage only delays the booking; a pickup Shiprocket refuses
 * outright (an address it can't serve) is logged for ops, and the return stays asked.
 */
export function returnBookingJob({
  db,
  commerce,
  shiprocket,
  warehouse,
  logger,
  onReturnEvent,
}: {
  db: Db
  commerce: Commerce
  shiprocket: ShiprocketClient
  warehouse: ReturnWarehouse
  logger: Logger
  onReturnEvent?: ReturnEventListener
}): JobHandler {
  /** Medusa's return (or exchange, its new size reserved) on the order; undefined when the exchange can't be made. */
  async function inMedusa(ask: ReturnRecord): Promise<{ medusaReturnId: string; medusaExchangeId: string | null } | undefined> {
    const items = ask.lines.map((line) => ({ id: line.lineId, quantity: line.quantity, note: line.note ? `${line.reason}: ${line.note}` : line.reason }))
    if (ask.kind === "return") {
      const { returnId } = await requestMedusaReturn(commerce, await medusaIdOf(db, ask.orderId), { bffReturnId: ask.id, items })
      await recordMedusaReturn(db, ask.id, { returnId })
      return { medusaReturnId: returnId, medusaExchangeId: null }
    }
    try {
      const newItems = ask.lines.map((line) => ({ variantId: line.exchangeVariantId!, quantity: line.quantity, unitPricePaise: line.unitPrice }))
      const { returnId, exchangeId } = await requestMedusaExchange(commerce, await medusaIdOf(db, ask.orderId), {
        bffReturnId: ask.id,
        returnItems: items,
        newItems,
      })
      if (!returnId) throw new Error(`Medusa's exchange ${exchangeId} has no return yet`)
      await transaction(db, async (client) => {
        await recordMedusaReturn(client, ask.id, { returnId, exchangeId })
        await markExchangeUnitsPlaced(client, ask.id)
      })
      return { medusaReturnId: returnId, medusaExchangeId: exchangeId }
    } catch (error) {
      if (!(error instanceof MedusaStockShort)) throw error
      await transaction(db, (client) => cancelReturn(client, ask.id))
      logger.error({ err: error, returnId: ask.id, orderId: ask.orderId }, "Medusa had no unit for the exchange held at the ask; the exchange is cancelled")
      return undefined
    }
  }

  async function book(job: Job): Promise<void> {
    let ask = await returnById(db, job.key)
    if (!ask || ask.status === "cancelled") return
    if (!ask.medusaReturnId) {
      const recorded = await inMedusa(ask)
      if (!recorded) return
      ask = { ...ask, ...recorded }
    }
    if (ask.awb) return
    await bookParcel(
      shiprocket,
      logger,
      { direction: "back", order: reversePickup(ask, warehouse) },
      {
        record: async ({ shiprocketOrderId, shipmentId, awb, trackingUrl, pickupDate }) => {
          await transaction(db, async (client) => {
            if (await recordPickup(client, ask.id, { shiprocketOrderId, shipmentId, awb, trackingUrl, pickupDate })) {
              await onReturnEvent?.(client, ask.id, "return_pickup")
            }
          })
          logger.info({ returnId: ask.id, orderId: ask.orderId, awb, pickupDate }, "return pickup booked")
        },
        refusal: { fields: { returnId: ask.id }, message: "Shiprocket refused the return pickup; book it from the panel" },
      },
    )
  }

  return { run: book, maxAttempts: RETURN_BOOKING_ATTEMPTS }
}
