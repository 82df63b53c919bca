import { setTimeout as sleep } from "node:timers/promises"
import { TRACKING_STATUSES, shiprocketTime, webhookTimestamp, type TrackingStatus } from "./statuses.js"
import type { AssignedShipment, Shipment } from "./store.js"

/** Shiprocket's one webhook: a tracking update, sent on every new scan of an order or a return (`is_return: 1`). */
export type TrackingWebhook = {
  awb: string
  courier_name: string
  current_status: TrackingStatus
  current_status_id: number
  shipment_status: TrackingStatus
  shipment_status_id: number
  current_timestamp: string
  /** Our order id, as it was sent to create the order (or the return). */
  order_id: string
  sr_order_id: number
  awb_assigned_date: string | null
  pickup_scheduled_date: string | null
  etd: string
  /** Oldest first, in Shiprocket's scan shape. */
  scans: Shipment["scans"]
  is_return: 0 | 1
  channel_id: number
  pod_status: string
  pod: string
}

export const EMULATED_CHANNEL_ID = 1

/** Shiprocket's panel refuses webhook URLs with these words in them; so does the emulator, so nobody relies on one. */
const REFUSED_URL_WORDS = /shiprocket|kartrocket|sr|kr/i

export function checkWebhookUrl(url: string): void {
  if (!URL.canParse(url)) throw new Error(`The webhook URL must be absolute (from configuration, never a request's Host): ${url}`)
  const { pathname } = new URL(url)
  if (REFUSED_URL_WORDS.test(pathname)) {
    throw new Error(`Shiprocket refuses webhook URLs containing shiprocket, kartrocket, sr or kr: ${pathname}`)
  }
}

/** Two days after the order was made, at six in the evening India time. */
export function estimatedDelivery(shipment: Shipment): string {
  return `${shiprocketTime(new Date(shipment.createdAt.getTime() + 2 * 86_400_000)).slice(0, 10)} 18:00:00`
}

/**
 * When the courier comes, as generate/pickup booked it; before that a forward shipment shows its AWB's time (the
 * emulator's courier collects from our own pickup location the same day) and a return nothing.
 */
export function pickupScheduledTime(shipment: Shipment): string | null {
  const at = shipment.pickupScheduledAt ?? (shipment.isReturn ? null : shipment.awbAssignedAt)
  return at && shiprocketTime(at)
}

export function trackingWebhook(shipment: AssignedShipment, at = new Date()): TrackingWebhook {
  const { id } = TRACKING_STATUSES[shipment.status]
  const assignedAt = shipment.awbAssignedAt && shiprocketTime(shipment.awbAssignedAt)
  const delivered = shipment.status === "DELIVERED" || shipment.status === "RETURN DELIVERED"
  return {
    awb: shipment.awbCode,
    courier_name: shipment.courierName ?? "",
    current_status: shipment.status,
    current_status_id: id,
    shipment_status: shipment.status,
    shipment_status_id: id,
    current_timestamp: webhookTimestamp(at),
    order_id: shipment.channelOrderId,
    sr_order_id: shipment.srOrderId,
    awb_assigned_date: assignedAt,
    pickup_scheduled_date: pickupScheduledTime(shipment),
    etd: estimatedDelivery(shipment),
    scans: shipment.scans,
    is_return: shipment.isReturn ? 1 : 0,
    channel_id: EMULATED_CHANNEL_ID,
    pod_status: delivered ? "OTP Based Delivery" : "",
    pod: delivered ? "Available" : "Not Available",
  }
}

export type WebhookDelivery = { delivered: boolean; attempts: number; lastStatus?: number; lastError?: string }

export type DeliveryOptions = { attempts?: number; firstDelayMs?: number; timeoutMs?: number }

/**
 * POSTs the webhook with the `x-api-key` token, retrying with doubling delays until the receiver answers 200
 * (Shiprocket counts nothing else as received). Never throws: a receiver that is down only fails the delivery.
 */
export async function deliverWebhook(
  url: string,
  token: string | undefined,
  payload: TrackingWebhook,
  options: DeliveryOptions = {},
): Promise<WebhookDelivery> {
  const { attempts = 4, firstDelayMs = 250, timeoutMs = 5_000 } = options
  const result: WebhookDelivery = { delivered: false, attempts: 0 }
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(firstDelayMs * 2 ** (attempt - 1))
    result.attempts = attempt + 1
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(token ? { "x-api-key": token } : {}) },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      })
      await response.arrayBuffer().catch(() => undefined)
      result.lastStatus = response.status
      delete result.lastError
      if (response.status === 200) return { ...result, delivered: true }
    } catch (error) {
      result.lastError = (error as Error).message
      delete result.lastStatus
    }
  }
  return result
}
