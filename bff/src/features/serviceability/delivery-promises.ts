import type { Serviceability } from "@fitshop/contracts"
import { indiaDay } from "../../lib/india-time.js"
import type { Logger } from "../../lib/logger.js"
import { APPAREL_PARCEL, ShiprocketError, type ShiprocketClient, type ShiprocketCourierOption, type ShiprocketServiceability } from "../../lib/shiprocket.js"
import { isIndianPincode } from "./india-pincodes.js"

/** A shopper is waiting on the product page or the checkout; past this the answer is "no promise now". */
const SHIPROCKET_WAIT_MS = 4_000
/** Couriers' lanes change over days, not hours; six hours keeps a busy product page to one call per pincode. */
const KEPT_MS = 6 * 60 * 60_000
/** India has about 19,200 pincodes: this holds every one of them (a few MB), and only they are asked about. */
const MAX_PINCODES = 20_000
/** After Shiprocket fails, others wait this long before asking again, so an outage costs one timeout, not one per page view. */
export const PAUSE_AFTER_FAILURE_MS = 15_000

const DAY_MS = 86_400_000
/** What Shiprocket answers for a place no courier reaches. */
const NO_COURIERS: ShiprocketServiceability = { couriers: [], recommendedCourierId: null }

const daysAfter = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/**
 * The courier whose date is promised: the one Shiprocket assigns when dispatch asks for an AWB (its recommendation),
 * else the slowest, so a promise is never earlier than the parcel.
 */
function promisedCourier({ couriers, recommendedCourierId }: ShiprocketServiceability): ShiprocketCourierOption | undefined {
  const recommended = couriers.find((courier) => courier.courierCompanyId === recommendedCourierId)
  if (recommended) return recommended
  return [...couriers].sort((a, b) => (b.etd ?? "").localeCompare(a.etd ?? "") || (b.estimatedDeliveryDays ?? 0) - (a.estimatedDeliveryDays ?? 0))[0]
}

/** The courier's day, or today plus its days when Shiprocket gave no readable date (or one already past). */
function deliveryDay(courier: ShiprocketCourierOption | undefined, today: string): string | null {
  if (courier?.etd && courier.etd >= today) return courier.etd
  return courier?.estimatedDeliveryDays ? daysAfter(today, courier.estimatedDeliveryDays) : null
}

/** Shiprocket's answer for a pincode as the shop's promise, for orders placed today (India time). */
export function presentServiceability(pincode: string, lanes: ShiprocketServiceability, today: string): Serviceability {
  const courier = promisedCourier(lanes)
  const place = courier?.city || courier?.state ? courier : lanes.couriers.find((each) => each.city || each.state)
  return {
    pincode,
    deliverable: lanes.couriers.length > 0,
    codAvailable: lanes.couriers.some((each) => each.cod),
    estimatedDelivery: courier ? deliveryDay(courier, today) : null,
    city: place?.city ?? null,
    state: place?.state ?? null,
  }
}

type Deps = {
  shiprocket: Pick<ShiprocketClient, "serviceability">
  /** Where parcels are collected (SHIPROCKET_PICKUP_PINCODE). */
  pickupPincode: string
  logger: Logger
  now?: () => number
}

type Entry = { day: string; expiresAt: number; answer: Promise<Serviceability> }

/**
 * Delivery promises per pincode, kept in this process (bounded, oldest out first) for six hours and never past the
 * India day they were made for. In process rather than in PostgreSQL: a miss costs one Shiprocket call, each replica
 * makes at most one per pincode per six hours, and nothing needs a table. Shoppers asking about the same pincode
 * at once share one call; a failed call is not kept. A pincode India Post doesn't have is answered "not deliverable"
 * without a call.
 */
export function deliveryPromises({ shiprocket, pickupPincode, logger, now = Date.now }: Deps) {
  const entries = new Map<string, Entry>()
  let pausedUntil = 0

  async function ask(pincode: string, today: string): Promise<Serviceability> {
    const lanes = await shiprocket.serviceability({
      pickupPincode,
      deliveryPincode: pincode,
      weightKg: APPAREL_PARCEL.weight,
      cod: false,
      timeoutMs: SHIPROCKET_WAIT_MS,
    })
    return presentServiceability(pincode, lanes, today)
  }

  /** The promise kept for a pincode, or being asked for, while it holds. */
  function kept(pincode: string, at: number): Entry | undefined {
    const entry = entries.get(pincode)
    return entry && entry.expiresAt > at && entry.day === indiaDay(at) ? entry : undefined
  }

  /** Whether check() would ask Shiprocket now: a real pincode with no answer kept or coming, while Shiprocket isn't paused. */
  function asksShiprocket(pincode: string): boolean {
    const at = now()
    return isIndianPincode(pincode) && !kept(pincode, at) && at >= pausedUntil
  }

  /** The promise for a pincode; undefined when Shiprocket can't be asked now (down, refusing, or paused after a failure). */
  async function check(pincode: string): Promise<Serviceability | undefined> {
    const at = now()
    const today = indiaDay(at)
    if (!isIndianPincode(pincode)) return presentServiceability(pincode, NO_COURIERS, today)
    let entry = kept(pincode, at)
    if (!entry) {
      if (at < pausedUntil) return undefined
      const asked: Entry = { day: today, expiresAt: at + KEPT_MS, answer: ask(pincode, today) }
      asked.answer.catch(() => {
        if (entries.get(pincode) === asked) entries.delete(pincode)
      })
      entries.delete(pincode)
      entries.set(pincode, asked)
      if (entries.size > MAX_PINCODES) entries.delete(entries.keys().next().value!)
      entry = asked
    }
    try {
      return await entry.answer
    } catch (error) {
      if (!(error instanceof ShiprocketError)) throw error
      if (now() >= pausedUntil) logger.warn({ err: error }, "shiprocket serviceability failed; no delivery promises for a moment")
      pausedUntil = Math.max(pausedUntil, now() + PAUSE_AFTER_FAILURE_MS)
      return undefined
    }
  }

  return { check, asksShiprocket }
}

export type DeliveryPromises = ReturnType<typeof deliveryPromises>
