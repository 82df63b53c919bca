import { z } from "zod"
import { indiaClock } from "./india-time.js"
import { onwardHeaders } from "./request-context.js"

/** One line of a Shiprocket order; money in rupees, as Shiprocket takes it. */
/** One parcel of apparel as we ship every order, size in cm and weight in kg; Shiprocket re-weighs at pickup. */
export const APPAREL_PARCEL = { length: 30, breadth: 25, height: 5, weight: 0.5 } as const

export type ShiprocketOrderItem = {
  name: string
  sku: string
  units: number
  selling_price: number
  discount?: number
  tax?: number
  hsn?: string
}

type ShippingAddress = {
  shipping_customer_name: string
  shipping_last_name?: string
  shipping_address: string
  shipping_address_2?: string
  shipping_city: string
  shipping_pincode: string
  shipping_state: string
  shipping_country: string
  shipping_email?: string
  shipping_phone: string
}

/** India time as Shiprocket wants an order's date: `yyyy-mm-dd hh:mm`. */
export const shiprocketDate = (date: Date): string => indiaClock(date.getTime()).slice(0, 16).replace("T", " ")

/** A full name as Shiprocket's first and last name fields take it ("Asha Rani Verma" → "Asha", "Rani Verma"). */
export function shiprocketName(fullName: string): { first: string; last: string | undefined } {
  const [first = fullName, ...rest] = fullName.split(" ")
  return { first, last: rest.join(" ") || undefined }
}

/** Whom a parcel goes to, as the shop keeps an address. */
export type ShiprocketRecipient = {
  fullName: string
  line1: string
  line2: string | null
  city: string
  state: string
  postalCode: string
  country: string
  email: string | null
  phone: string
}

/** The billing fields of an order shipped to `to` (its shipping address the same). */
export function billingFields(to: ShiprocketRecipient) {
  const name = shiprocketName(to.fullName)
  return {
    billing_customer_name: name.first,
    billing_last_name: name.last,
    billing_address: to.line1,
    billing_address_2: to.line2 ?? undefined,
    billing_city: to.city,
    billing_pincode: to.postalCode,
    billing_state: to.state,
    billing_country: to.country,
    billing_email: to.email ?? "",
    billing_phone: to.phone,
    shipping_is_billing: true as const,
  }
}

/** The body of `POST /v1/external/orders/create/adhoc`, in Shiprocket's own field names. */
export type ShiprocketOrder = {
  /** Our order id; Shiprocket keeps one order per id, which makes dispatch idempotent. */
  order_id: string
  /** `yyyy-mm-dd hh:mm`. */
  order_date: string
  pickup_location: string
  comment?: string
  billing_customer_name: string
  billing_last_name?: string
  billing_address: string
  billing_address_2?: string
  billing_city: string
  billing_pincode: string
  billing_state: string
  billing_country: string
  billing_email: string
  billing_phone: string
  order_items: ShiprocketOrderItem[]
  payment_method: "Prepaid" | "COD"
  shipping_charges?: number
  transaction_charges?: number
  total_discount?: number
  sub_total: number
  /** Package size in cm and weight in kg. */
  length: number
  breadth: number
  height: number
  weight: number
} & ({ shipping_is_billing: true } | ({ shipping_is_billing: false } & ShippingAddress))

/** One line of a return: an order line plus Shiprocket's quality check at the doorstep (`qc_*`, for couriers that do it). */
export type ShiprocketReturnItem = ShiprocketOrderItem & {
  qc_enable?: boolean
  qc_size?: string
  qc_color?: string
  qc_brand?: string
  qc_product_name?: string
  qc_product_image?: string
}

/**
 * The body of `POST /v1/external/orders/create/return` (a reverse pickup), in Shiprocket's own field names:
 * pickup_* is the shopper the courier collects from, shipping_* where the parcel goes back to (our warehouse).
 */
export type ShiprocketReturnOrder = {
  /** Our return's id; Shiprocket keeps one return per id, which makes booking idempotent. */
  order_id: string
  /** `yyyy-mm-dd hh:mm`. */
  order_date: string
  channel_id?: string | number
  pickup_customer_name: string
  pickup_last_name?: string
  pickup_address: string
  pickup_address_2?: string
  pickup_city: string
  pickup_state: string
  pickup_country: string
  pickup_pincode: string
  /** Required by Shiprocket. */
  pickup_email: string
  pickup_phone: string
  shipping_customer_name: string
  shipping_last_name?: string
  shipping_address: string
  shipping_address_2?: string
  shipping_city: string
  shipping_country: string
  shipping_pincode: string
  shipping_state: string
  shipping_email?: string
  shipping_phone: string
  order_items: ShiprocketReturnItem[]
  /** A return is always prepaid. */
  payment_method: "PREPAID"
  total_discount?: number
  sub_total: number
  /** Package size in cm and weight in kg. */
  length: number
  breadth: number
  height: number
  weight: number
}

export type ShiprocketShipment = {
  shiprocketOrderId: number
  shipmentId: number
  status: string
  /** Set when the order already existed and had its AWB: a retried dispatch can skip assigning one. */
  awbCode: string | null
  courierName: string | null
}

export type ShiprocketAwb = { awbCode: string; courierName: string; courierCompanyId: number | null; trackingUrl: string }

export type ShiprocketScan = { date: string; status: string; activity: string; location: string; srStatus: string; srStatusLabel: string }

export type ShiprocketTracking = {
  awb: string
  /** False while Shiprocket has no scans for the AWB yet. */
  found: boolean
  shipmentStatusId: number | null
  currentStatus: string | null
  etd: string | null
  /** Newest first. */
  activities: ShiprocketScan[]
}

/** One courier that carries a parcel between two pincodes, as the serviceability check answers it. */
export type ShiprocketCourierOption = {
  courierCompanyId: number
  courierName: string
  /** Whether this courier collects cash on delivery on this lane. */
  cod: boolean
  /** Days from pickup to delivery; null when Shiprocket gives none. */
  estimatedDeliveryDays: number | null
  /** Shiprocket's expected delivery day (`yyyy-mm-dd`), or null when it gives none it can be read from. */
  etd: string | null
  /** The delivery pincode's city and state as the courier knows them. */
  city: string | null
  state: string | null
}

export type ShiprocketServiceability = {
  /** Couriers that serve the lane, blocked ones left out; empty when the delivery pincode is not served. */
  couriers: ShiprocketCourierOption[]
  /** The courier Shiprocket assigns when asked for an AWB without one named. */
  recommendedCourierId: number | null
}

export type ShiprocketServiceabilityQuery = {
  pickupPincode: string
  deliveryPincode: string
  /** The parcel's weight in kg. */
  weightKg: number
  /** Ask only for couriers that collect cash (Shiprocket then answers "not serviceable" when none does). */
  cod: boolean
  /** Shorter than the client's own when a shopper is waiting. */
  timeoutMs?: number
}

/** A failed Shiprocket call; `status` is undefined when no answer came (network, timeout). */
export class ShiprocketError extends Error {
  readonly retryable: boolean

  constructor(
    message: string,
    readonly status: number | undefined,
    readonly fieldErrors: Record<string, string[]> = {},
    retryable?: boolean,
  ) {
    super(message)
    this.name = "ShiprocketError"
    this.retryable = retryable ?? (status === undefined || status === 429 || status >= 500)
  }
}

export type ShiprocketClientOptions = {
  /** Origin (and base path) of the API, e.g. https://apiv2.shiprocket.in or the BFF's emulator. */
  apiUrl: string
  email: string
  password: string
  /** Shoppers' tracking links are `${trackingBaseUrl}/${awb}`. */
  trackingBaseUrl?: string
  timeoutMs?: number
  /** Shiprocket's tokens last 10 days; the client logs in again after 90% of this. */
  tokenLifetimeMs?: number
  now?: () => number
}

export type ShiprocketClient = {
  createOrder(order: ShiprocketOrder): Promise<ShiprocketShipment>
  /**
   * Books a reverse pickup (status RETURN PENDING). Sent again under the same order_id it answers the first return,
   * with its AWB once it has one, so a retried booking never makes a second.
   */
  createReturn(order: ShiprocketReturnOrder): Promise<ShiprocketShipment>
  /**
   * A return's shipment takes `{ isReturn: true }`, sent as `is_return: 1` (integrators' usage; Shiprocket's published
   * parameter list for assign/awb does not show it). The emulator refuses a mismatch either way.
   */
  assignAwb(shipmentId: number, options?: { isReturn?: boolean }): Promise<ShiprocketAwb>
  /** `POST /v1/external/courier/generate/pickup`: books the courier's visit; `pickupDate` is its India day, `yyyy-mm-dd`. */
  schedulePickup(shipmentId: number): Promise<{ pickupDate: string | null }>
  track(awb: string): Promise<ShiprocketTracking>
  /** `GET /v1/external/courier/serviceability/`: which couriers serve a lane; a pincode Shiprocket doesn't serve answers no couriers. */
  serviceability(query: ShiprocketServiceabilityQuery): Promise<ShiprocketServiceability>
  trackingUrl(awb: string): string
}

const TEN_DAYS_MS = 10 * 24 * 60 * 60 * 1000

const loginAnswer = z.object({ token: z.string().min(1) })
const createAnswer = z.object({
  order_id: z.coerce.number(),
  shipment_id: z.coerce.number(),
  status: z.string().default("NEW"),
  awb_code: z.string().nullish(),
  courier_name: z.string().nullish(),
})
const assignAnswer = z.object({
  awb_assign_status: z.coerce.number(),
  message: z.string().optional(),
  response: z
    .object({
      data: z
        .object({
          awb_code: z.coerce.string().optional(),
          courier_name: z.string().optional(),
          courier_company_id: z.coerce.number().nullish(),
          awb_assign_error: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
})
const scan = z.object({
  date: z.string().default(""),
  status: z.string().default(""),
  activity: z.string().default(""),
  location: z.string().default(""),
  "sr-status": z.coerce.string().default(""),
  "sr-status-label": z.string().default(""),
})
const trackAnswer = z.object({
  tracking_data: z.object({
    track_status: z.coerce.number(),
    shipment_status: z.coerce.number().nullish(),
    shipment_track: z.array(z.object({ current_status: z.string().nullish() })).nullish(),
    shipment_track_activities: z.array(scan).nullish(),
    etd: z.string().nullish(),
  }),
})
/** A number Shiprocket may send as a number or as text ("4"); blank or unreadable is null. */
const looseNumber = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === "" || !Number.isFinite(Number(value)) ? null : Number(value)))
const courierCompany = z.object({
  courier_company_id: z.coerce.number(),
  courier_name: z.string().default(""),
  cod: z
    .union([z.boolean(), z.coerce.number()])
    .optional()
    .transform((cod) => cod === true || cod === 1),
  etd: z.string().nullish(),
  estimated_delivery_days: looseNumber,
  city: z.string().nullish(),
  state: z.string().nullish(),
  blocked: looseNumber,
})
const serviceabilityAnswer = z.object({
  status: looseNumber,
  message: z.string().optional(),
  data: z
    .object({
      available_courier_companies: z.array(courierCompany).nullish(),
      recommended_courier_company_id: looseNumber,
    })
    .nullish(),
})
const returnListAnswer = z.object({
  data: z
    .array(
      z.object({
        id: z.coerce.number(),
        channel_order_id: z.coerce.string(),
        shipment_id: z.coerce.number(),
        status: z.string().default("RETURN PENDING"),
        shipments: z.array(z.object({ awb: z.coerce.string().nullish(), courier: z.string().nullish() })).nullish(),
      }),
    )
    .default([]),
  meta: z.object({ pagination: z.object({ total_pages: z.coerce.number().optional() }).optional() }).optional(),
})
const pickupAnswer = z.object({
  pickup_status: looseNumber,
  message: z.string().optional(),
  response: z.object({ pickup_scheduled_date: z.string().nullish(), data: z.unknown().optional() }).nullish(),
})
const errorAnswer = z.object({ message: z.string().optional(), errors: z.record(z.string(), z.array(z.string())).optional() })

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

/** Shiprocket's `etd` ("Dec 02, 2026", sometimes "2026-12-02 18:00:00") as `yyyy-mm-dd`, or null when it reads as neither. */
export function etdDay(etd: string | null | undefined): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(etd ?? "")
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`
  const written = /^([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})/i.exec((etd ?? "").trim())
  const month = written ? MONTHS.indexOf(written[1]!.toLowerCase()) : -1
  if (!written || month < 0) return null
  return `${written[3]}-${String(month + 1).padStart(2, "0")}-${written[2]!.padStart(2, "0")}`
}

/**
 * Shiprocket's way of saying no courier reaches the delivery pincode: `{ status: 404, message: "Delivery postcode not
 * serviceable" }`, as a 404 or inside a 200. Any other wording (the pickup's pincode refused) is a failure, not a refusal.
 */
const saysNotServiceable = (status: number, body: z.infer<typeof serviceabilityAnswer> | undefined) =>
  (status === 404 || body?.status === 404) && /delivery postcode.* not serviceable/i.test(body?.message ?? "")

/** Shiprocket's answer to a return under an order_id it already has: a 422 about order_id alone. */
function saysOrderIdTaken(status: number, body: unknown): boolean {
  const errors = errorAnswer.safeParse(body).data?.errors ?? {}
  const fields = Object.keys(errors)
  return status === 422 && fields.length === 1 && fields[0] === "order_id" && /already been taken/i.test(errors.order_id?.join(" ") ?? "")
}

/** Integrators report this 400 for a pickup asked for again (not in Shiprocket's documentation): the first booking stands. */
const saysAlreadyQueued = (status: number, body: unknown) => status === 400 && /already in pickup queue/i.test(errorAnswer.safeParse(body).data?.message ?? "")

/**
 * How far `GET /v1/external/orders/processing/return` is searched for a return Shiprocket says it has (it documents
 * no search by order_id there, nor the list's order; the emulator lists newest first).
 */
const RETURN_LIST_PAGES = 10
const RETURN_LIST_PAGE_SIZE = 100

function describeFailure(body: unknown): { message: string; fieldErrors: Record<string, string[]> } {
  const parsed = errorAnswer.safeParse(body)
  const fieldErrors = parsed.success ? (parsed.data.errors ?? {}) : {}
  const details = Object.entries(fieldErrors).map(([field, messages]) => `${field}: ${messages.join(" ")}`)
  const message = [parsed.success ? parsed.data.message : undefined, ...details].filter(Boolean).join("; ")
  return { message: message || "no details", fieldErrors }
}

/** Shiprocket's API over fetch: logs in on first use, keeps the token, and logs in again once when a call answers 401. */
export function shiprocketClient(options: ShiprocketClientOptions): ShiprocketClient {
  const base = options.apiUrl.replace(/\/+$/, "")
  const trackingBase = (options.trackingBaseUrl ?? "https://shiprocket.co/tracking").replace(/\/+$/, "")
  const timeoutMs = options.timeoutMs ?? 10_000
  const tokenLifetimeMs = options.tokenLifetimeMs ?? TEN_DAYS_MS
  const now = options.now ?? Date.now
  let session: { token: string; renewAt: number } | undefined
  let loggingIn: Promise<string> | undefined

  async function send(method: "GET" | "POST", path: string, body: unknown, token?: string, waitMs = timeoutMs) {
    const what = `Shiprocket ${method} ${path.split("?")[0]}`
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...onwardHeaders(),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(waitMs),
      })
      const text = await response.text()
      let json: unknown
      try {
        json = text ? JSON.parse(text) : undefined
      } catch {
        json = undefined
      }
      return { what, status: response.status, json }
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError"
      throw new ShiprocketError(timedOut ? `${what} timed out after ${waitMs} ms` : `${what} failed: ${(error as Error).message}`, undefined)
    }
  }

  function read<Schema extends z.ZodType>(answer: Awaited<ReturnType<typeof send>>, schema: Schema): z.infer<Schema> {
    if (answer.status < 200 || answer.status >= 300) {
      const { message, fieldErrors } = describeFailure(answer.json)
      throw new ShiprocketError(`${answer.what} answered ${answer.status}: ${message}`, answer.status, fieldErrors)
    }
    const parsed = schema.safeParse(answer.json)
    if (!parsed.success) throw new ShiprocketError(`${answer.what} answered ${answer.status} with an unexpected body`, answer.status, {}, true)
    return parsed.data
  }

  async function login(): Promise<string> {
    const startedAt = now()
    const answer = await send("POST", "/v1/external/auth/login", { email: options.email, password: options.password })
    const { token } = read(answer, loginAnswer)
    session = { token, renewAt: startedAt + tokenLifetimeMs * 0.9 }
    return token
  }

  function currentToken(): Promise<string> {
    if (session && now() < session.renewAt) return Promise.resolve(session.token)
    loggingIn ??= login().finally(() => {
      loggingIn = undefined
    })
    return loggingIn
  }

  /** Sends with the session's token, logging in again once if Shiprocket says it has expired. */
  async function authorized(method: "GET" | "POST", path: string, body: unknown, waitMs?: number) {
    const token = await currentToken()
    const answer = await send(method, path, body, token, waitMs)
    if (answer.status !== 401) return answer
    if (session?.token === token) session = undefined
    return send(method, path, body, await currentToken(), waitMs)
  }

  /** The return Shiprocket already has under our order_id, from its list of returns. */
  async function findReturn(orderId: string): Promise<ShiprocketShipment> {
    for (let page = 1; page <= RETURN_LIST_PAGES; page++) {
      const query = new URLSearchParams({ page: String(page), per_page: String(RETURN_LIST_PAGE_SIZE) })
      const { data, meta } = await call("GET", `/v1/external/orders/processing/return?${query}`, undefined, returnListAnswer)
      const found = data.find((entry) => entry.channel_order_id === orderId)
      if (found) {
        const shipment = found.shipments?.[0]
        return {
          shiprocketOrderId: found.id,
          shipmentId: found.shipment_id,
          status: found.status,
          awbCode: shipment?.awb || null,
          courierName: shipment?.courier || null,
        }
      }
      if (data.length === 0 || page >= (meta?.pagination?.total_pages ?? page)) break
    }
    throw new ShiprocketError(`Shiprocket has a return under order_id ${orderId} but its list of returns does not show it yet`, 422, {}, true)
  }

  async function call<Schema extends z.ZodType>(method: "GET" | "POST", path: string, body: unknown, schema: Schema) {
    return read(await authorized(method, path, body), schema)
  }

  return {
    async createOrder(order) {
      const created = await call("POST", "/v1/external/orders/create/adhoc", order, createAnswer)
      return {
        shiprocketOrderId: created.order_id,
        shipmentId: created.shipment_id,
        status: created.status,
        awbCode: created.awb_code || null,
        courierName: created.courier_name || null,
      }
    },

    async createReturn(order) {
      const answer = await authorized("POST", "/v1/external/orders/create/return", order)
      if (saysOrderIdTaken(answer.status, answer.json)) return findReturn(order.order_id)
      const created = read(answer, createAnswer)
      return {
        shiprocketOrderId: created.order_id,
        shipmentId: created.shipment_id,
        status: created.status,
        awbCode: created.awb_code || null,
        courierName: created.courier_name || null,
      }
    },

    async assignAwb(shipmentId, { isReturn = false } = {}) {
      const body = { shipment_id: shipmentId, ...(isReturn ? { is_return: 1 } : {}) }
      const assigned = await call("POST", "/v1/external/courier/assign/awb", body, assignAnswer)
      const data = assigned.response?.data
      if (assigned.awb_assign_status !== 1 || !data?.awb_code) {
        const reason = data?.awb_assign_error || assigned.message || "no AWB in the answer"
        throw new ShiprocketError(`Shiprocket could not assign an AWB to shipment ${shipmentId}: ${reason}`, 200, {}, true)
      }
      return {
        awbCode: data.awb_code,
        courierName: data.courier_name ?? "",
        courierCompanyId: data.courier_company_id ?? null,
        trackingUrl: `${trackingBase}/${encodeURIComponent(data.awb_code)}`,
      }
    },

    async schedulePickup(shipmentId) {
      const answer = await authorized("POST", "/v1/external/courier/generate/pickup", { shipment_id: [shipmentId] })
      if (saysAlreadyQueued(answer.status, answer.json)) return { pickupDate: null }
      const booked = read(answer, pickupAnswer)
      if (booked.pickup_status !== 1) {
        const reason = booked.message || "no pickup in the answer"
        throw new ShiprocketError(`Shiprocket could not book a pickup for shipment ${shipmentId}: ${reason}`, 200, {}, true)
      }
      // Shiprocket's times are India's wall clock, so the date part is the India day.
      return { pickupDate: etdDay(booked.response?.pickup_scheduled_date) }
    },

    async track(awb) {
      const { tracking_data: data } = await call("GET", `/v1/external/courier/track/awb/${encodeURIComponent(awb)}`, undefined, trackAnswer)
      return {
        awb,
        found: data.track_status === 1,
        shipmentStatusId: data.shipment_status ?? null,
        currentStatus: data.shipment_track?.[0]?.current_status ?? null,
        etd: data.etd ?? null,
        activities: (data.shipment_track_activities ?? []).map((entry) => ({
          date: entry.date,
          status: entry.status,
          activity: entry.activity,
          location: entry.location,
          srStatus: entry["sr-status"],
          srStatusLabel: entry["sr-status-label"],
        })),
      }
    },

    async serviceability({ pickupPincode, deliveryPincode, weightKg, cod, timeoutMs: waitMs }) {
      const query = new URLSearchParams({ pickup_postcode: pickupPincode, delivery_postcode: deliveryPincode, weight: String(weightKg), cod: cod ? "1" : "0" })
      const answer = await authorized("GET", `/v1/external/courier/serviceability/?${query}`, undefined, waitMs)
      const parsed = serviceabilityAnswer.safeParse(answer.json)
      // Only Shiprocket's own words make a refusal: any other 404 (a wrong path or host) is a failure, never "not served".
      if (saysNotServiceable(answer.status, parsed.success ? parsed.data : undefined)) return { couriers: [], recommendedCourierId: null }
      const { data } = read(answer, serviceabilityAnswer)
      return {
        couriers: (data?.available_courier_companies ?? [])
          .filter((courier) => courier.blocked !== 1)
          .map((courier) => ({
            courierCompanyId: courier.courier_company_id,
            courierName: courier.courier_name,
            cod: courier.cod,
            estimatedDeliveryDays: courier.estimated_delivery_days,
            etd: etdDay(courier.etd),
            city: courier.city || null,
            state: courier.state || null,
          })),
        recommendedCourierId: data?.recommended_courier_company_id ?? null,
      }
    },

    trackingUrl: (awb) => `${trackingBase}/${encodeURIComponent(awb)}`,
  }
}
