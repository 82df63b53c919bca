import type { Logger } from "./logger.js"
import { ShiprocketError, type ShiprocketClient, type ShiprocketOrder, type ShiprocketReturnOrder } from "./shiprocket.js"

/**
 * A parcel to book with Shiprocket: one going out from our pickup location (an order, an exchange's new size), or one
 * coming back, a reverse pickup from the shopper to the warehouse. Shiprocket keeps one order per `order_id`, so
 * booking the same parcel again finds the first, with its AWB once it has one.
 */
export type Parcel = { direction: "out"; order: ShiprocketOrder } | { direction: "back"; order: ShiprocketReturnOrder }

/** What Shiprocket booked for a parcel, as the shop keeps it. */
export type BookedParcel = {
  shiprocketOrderId: string
  shipmentId: string
  awb: string
  /** "" when Shiprocket named none. */
  courierName: string
  trackingUrl: string
  /** The India day (`yyyy-mm-dd`) of the courier's visit, asked for a parcel coming back only; null otherwise or when Shiprocket gave none. */
  pickupDate: string | null
}

export type ParcelBooking = {
  /** Keeps what was booked in the caller's rows; done last, so a run that crashed before it books again and finds the first. */
  record: (booked: BookedParcel) => Promise<void>
  /** What ops read when Shiprocket refuses the parcel outright: the log line's fields (whose parcel) and its message. */
  refusal: { fields: Record<string, unknown>; message: string }
}

/**
 * Books a parcel: creates its Shiprocket order, gets its AWB (unless the order already has one), asks for the courier's
 * visit to a parcel coming back, then records it. A refusal (Shiprocket's answer to a parcel it will never take, such
 * as an address it can't serve) is final: it is logged for ops and nothing is recorded (undefined). Any other failure
 * (no answer, a 5xx, no AWB yet) is thrown, for the job's queue to retry.
 */
export async function bookParcel(
  shiprocket: ShiprocketClient,
  logger: Logger,
  parcel: Parcel,
  { record, refusal }: ParcelBooking,
): Promise<BookedParcel | undefined> {
  const isReturn = parcel.direction === "back"
  try {
    const shipment = isReturn ? await shiprocket.createReturn(parcel.order) : await shiprocket.createOrder(parcel.order)
    const awb = shipment.awbCode
      ? { awbCode: shipment.awbCode, courierName: shipment.courierName ?? "" }
      : await shiprocket.assignAwb(shipment.shipmentId, { isReturn })
    const { pickupDate } = isReturn ? await shiprocket.schedulePickup(shipment.shipmentId) : { pickupDate: null }
    const booked = {
      shiprocketOrderId: String(shipment.shiprocketOrderId),
      shipmentId: String(shipment.shipmentId),
      awb: awb.awbCode,
      courierName: awb.courierName,
      trackingUrl: shiprocket.trackingUrl(awb.awbCode),
      pickupDate,
    }
    await record(booked)
    return booked
  } catch (error) {
    if (error instanceof ShiprocketError && !error.retryable) {
      logger.error({ err: error, ...refusal.fields, fieldErrors: error.fieldErrors }, refusal.message)
      return undefined
    }
    throw error
  }
}
