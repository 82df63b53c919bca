import { z } from "zod"
import { CommerceInternalError, type Commerce } from "../../lib/medusa.js"
import { paiseToRupees } from "../../lib/money.js"

/**
 * The BFF's calls that keep Medusa's return and exchange model in step with its own decisions, so ops see each
 * return and exchange on the order in Medusa's dashboard. Each call is idempotent in commerce: a retry after a
 * lost answer finds what the first call made. Another change of the order under way answers 409, thrown as a
 * CommerceInternalError with status 409 (retry later); Medusa down or failing is a 5xx one (retry later too).
 */

/** Medusa's return status: requested, received (restocked), partially_received, canceled, or open (never confirmed). */
const returnAnswerSchema = z.object({ return_id: z.string().min(1), status: z.string().min(1), skipped: z.literal(true).optional() })
const exchangeAnswerSchema = z.object({
  exchange_id: z.string().min(1),
  return_id: z.string().min(1).nullable(),
  status: z.enum(["requested", "canceled"]),
})
const exchangeShippedSchema = z.object({
  exchange_id: z.string().min(1),
  fulfillment_id: z.string().min(1),
  status: z.literal("shipped"),
  skipped: z.literal(true).optional(),
})
const exchangeCancelledSchema = z.object({ exchange_id: z.string().min(1), status: z.literal("canceled"), skipped: z.literal(true).optional() })
const refusalSchema = z.object({ type: z.string(), message: z.string() })

export type MedusaReturn = { returnId: string; status: string; skipped: boolean }
export type MedusaExchange = { exchangeId: string; returnId: string | null; status: "requested" | "canceled" }
export type MedusaExchangeShipment = { exchangeId: string; fulfillmentId: string; skipped: boolean }

/** Medusa had too few units of an exchange's new size to reserve; nothing was made. */
export class MedusaStockShort extends Error {
  constructor(
    readonly variantIds: string[],
    detail: string,
  ) {
    super(`Medusa has too few units of ${variantIds.join(", ")} for the exchange: ${detail}`)
    this.name = "MedusaStockShort"
  }
}

const ordersPath = (medusaOrderId: string) => `/internal/orders/${encodeURIComponent(medusaOrderId)}`

function medusaReturnOf(answer: unknown): MedusaReturn {
  const parsed = returnAnswerSchema.parse(answer)
  return { returnId: parsed.return_id, status: parsed.status, skipped: parsed.skipped === true }
}

/**
 * Makes the return in Medusa (requested, at the warehouse the order ships from) of order lines (Medusa's `ordli_…` ids). `bffReturnId` is the BFF's own id
 * of the return: calling again with it answers the same Medusa return. An unknown order is a 404, a line not of
 * the order a 400 (CommerceInternalError).
 */
export async function requestMedusaReturn(
  commerce: Commerce,
  medusaOrderId: string,
  request: { bffReturnId: string; items: { id: string; quantity: number; note?: string }[]; note?: string },
): Promise<MedusaReturn> {
  const body = {
    bff_return_id: request.bffReturnId,
    items: request.items.map((item) => ({ id: item.id, quantity: item.quantity, ...(item.note ? { note: item.note } : {}) })),
    ...(request.note ? { note: request.note } : {}),
  }
  return medusaReturnOf(await commerce.internal(`${ordersPath(medusaOrderId)}/returns`, { method: "POST", body }))
}

/** Receives every requested unit of the return at the warehouse (restocking the sizes); `skipped` when already received. */
export async function receiveMedusaReturn(commerce: Commerce, medusaOrderId: string, returnId: string): Promise<MedusaReturn> {
  const path = `${ordersPath(medusaOrderId)}/returns/${encodeURIComponent(returnId)}/receive`
  return medusaReturnOf(await commerce.internal(path, { method: "POST", body: {} }))
}

/** Cancels a return not yet received; `skipped` when already cancelled; a 409 once units were received. */
export async function cancelMedusaReturn(commerce: Commerce, medusaOrderId: string, returnId: string): Promise<MedusaReturn> {
  const path = `${ordersPath(medusaOrderId)}/returns/${encodeURIComponent(returnId)}/cancel`
  return medusaReturnOf(await commerce.internal(path, { method: "POST", body: {} }))
}

/** Cancels an exchange not yet shipped: its return and its new sizes' reservations with it; `skipped` when already cancelled. */
export async function cancelMedusaExchange(commerce: Commerce, medusaOrderId: string, exchangeId: string): Promise<{ exchangeId: string; skipped: boolean }> {
  const path = `${ordersPath(medusaOrderId)}/exchanges/${encodeURIComponent(exchangeId)}/cancel`
  const answer = exchangeCancelledSchema.parse(await commerce.internal(path, { method: "POST", body: {} }))
  return { exchangeId: answer.exchange_id, skipped: answer.skipped === true }
}

/**
 * Makes and confirms a size exchange in Medusa: the units coming back, the new sizes reserved at the prices of the
 * lines they replace (paise here, rupees in Medusa), shipped free, so no money moves. Idempotent by `bffReturnId`.
 * Throws MedusaStockShort when a new size has too few units.
 */
export async function requestMedusaExchange(
  commerce: Commerce,
  medusaOrderId: string,
  request: {
    bffReturnId: string
    returnItems: { id: string; quantity: number }[]
    newItems: { variantId: string; quantity: number; unitPricePaise: number }[]
  },
): Promise<MedusaExchange> {
  const path = `${ordersPath(medusaOrderId)}/exchanges`
  const body = {
    bff_return_id: request.bffReturnId,
    return_items: request.returnItems.map((item) => ({ id: item.id, quantity: item.quantity })),
    new_items: request.newItems.map((item) => ({ variant_id: item.variantId, quantity: item.quantity, unit_price: paiseToRupees(item.unitPricePaise) })),
  }
  const answer = await commerce.internal<unknown>(path, { method: "POST", body, acceptStatuses: [409] })
  const refused = refusalSchema.safeParse(answer)
  if (refused.success) {
    if (refused.data.type === "insufficient_inventory") {
      throw new MedusaStockShort(
        request.newItems.map((item) => item.variantId),
        refused.data.message,
      )
    }
    throw new CommerceInternalError(path, 409, refused.data.message)
  }
  const parsed = exchangeAnswerSchema.parse(answer)
  return { exchangeId: parsed.exchange_id, returnId: parsed.return_id, status: parsed.status }
}

/** Ships an exchange's new sizes with the courier's label: one fulfilment of them, marked shipped; `skipped` when it already was. */
export async function shipMedusaExchange(
  commerce: Commerce,
  medusaOrderId: string,
  exchangeId: string,
  label: { trackingNumber: string; trackingUrl: string },
): Promise<MedusaExchangeShipment> {
  const path = `${ordersPath(medusaOrderId)}/exchanges/${encodeURIComponent(exchangeId)}/ship`
  const answer = exchangeShippedSchema.parse(
    await commerce.internal(path, { method: "POST", body: { tracking_number: label.trackingNumber, tracking_url: label.trackingUrl } }),
  )
  return { exchangeId: answer.exchange_id, fulfillmentId: answer.fulfillment_id, skipped: answer.skipped === true }
}
