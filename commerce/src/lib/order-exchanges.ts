import type { MedusaContainer } from "@medusajs/framework/types"
import { ChangeActionType, MedusaError } from "@medusajs/framework/utils"
import { orderChangeRefusal, OrderChangeRefused, quantityOf, type ActiveOrderChange } from "./order-changes"
import { queryGraph } from "./query"

export type ExchangeRequest = {
  /** The BFF's id of the return the exchange answers: the key that makes a retry find the exchange already made. */
  bff_return_id: string
  return_items: { id: string; quantity: number }[]
  /** Each at the unit price (rupees) of the line it replaces, so no money moves. */
  new_items: { variant_id: string; quantity: number; unit_price: number }[]
}

/** `requested` once confirmed (the new sizes reserved, the old ones awaited), `canceled` when ops cancelled it. */
export type ExchangeAnswer = { exchange_id: string; return_id: string | null; status: "requested" | "canceled" }

export type ExchangeShipment = { tracking_number: string; tracking_url: string }
export type ExchangeCancelAnswer = { exchange_id: string; status: "canceled"; skipped?: true }
export type ExchangeShipmentAnswer = { exchange_id: string; fulfillment_id: string; status: "shipped"; skipped?: true }

export type ExchangeRow = { id: string; return_id: string | null; canceled_at: string | null; new_items: { id: string; quantity: number }[] }

function exchangeRowOf(row: Record<string, unknown>): ExchangeRow {
  const items = (row.additional_items ?? []) as ({ item_id: string; quantity: unknown } | null)[]
  return {
    id: String(row.id),
    return_id: (row.return_id as string | null) ?? null,
    canceled_at: (row.canceled_at as string | null) ?? null,
    new_items: items.flatMap((item) => (item ? [{ id: item.item_id, quantity: quantityOf(item.quantity) }] : [])),
  }
}

const EXCHANGE_FIELDS = ["id", "order_id", "return_id", "canceled_at", "metadata", "additional_items.item_id", "additional_items.quantity"]

export async function exchangeOfBffReturn(scope: MedusaContainer, orderId: string, bffReturnId: string): Promise<ExchangeRow | undefined> {
  const { data } = await queryGraph(scope, { entity: "order_exchange", fields: EXCHANGE_FIELDS, filters: { order_id: orderId } })
  const found = data.find((row) => (row.metadata as Record<string, unknown> | null)?.bff_return_id === bffReturnId)
  return found && exchangeRowOf(found)
}

export async function exchangeOfOrder(scope: MedusaContainer, orderId: string, exchangeId: string): Promise<ExchangeRow> {
  const { data } = await queryGraph(scope, { entity: "order_exchange", fields: EXCHANGE_FIELDS, filters: { id: exchangeId } })
  const found = data[0]
  if (!found || found.order_id !== orderId) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Exchange ${exchangeId} of order ${orderId} was not found`)
  return exchangeRowOf(found)
}

/** The shipping option the order went out with: the exchange's new sizes go out the same way, at no charge. */
export async function orderShippingOption(scope: MedusaContainer, orderId: string): Promise<string> {
  const { data } = await queryGraph(scope, { entity: "order", fields: ["shipping_methods.shipping_option_id"], filters: { id: orderId } })
  const methods = (data[0]?.shipping_methods ?? []) as ({ shipping_option_id: string | null } | null)[]
  const optionId = methods.find((method) => method?.shipping_option_id)?.shipping_option_id
  if (!optionId) throw new MedusaError(MedusaError.Types.INVALID_DATA, `Order ${orderId} has no shipping option to send an exchange with`)
  return optionId
}

/** The new sizes named, for a refusal the BFF shows as "size … ran out". */
export function stockShort(request: ExchangeRequest, error: unknown): OrderChangeRefused | undefined {
  if (orderChangeRefusal(error)?.type !== "insufficient_inventory") return undefined
  const variants = request.new_items.map((item) => item.variant_id).join(", ")
  return new OrderChangeRefused("insufficient_inventory", `Not enough stock of variant ${variants} for the exchange`)
}

/** What a request for an exchange does: answer the one already made (or cancelled), begin one, or finish one a lost call began. */
export type ExchangeRequestPlan = { answer: ExchangeAnswer["status"] | null; begin: boolean; resume: boolean }

export function exchangeRequestPlan(existing: ExchangeRow | null, change: ActiveOrderChange | null): ExchangeRequestPlan {
  if (!existing) return { answer: null, begin: true, resume: false }
  if (existing.canceled_at) return { answer: "canceled", begin: false, resume: false }
  if (!change) return { answer: "requested", begin: false, resume: false }
  return { answer: null, begin: false, resume: true }
}

/** What a begun exchange still lacks (an earlier call may have added some): the units back, the new sizes, free shipping. */
export function exchangeParts(change: ActiveOrderChange | null | undefined) {
  const has = (type: ChangeActionType, returning = false) =>
    Boolean(change?.actions.some((action) => action.action === type && Boolean(action.return_id) === returning))
  return { returnItems: !has(ChangeActionType.RETURN_ITEM, true), newItems: !has(ChangeActionType.ITEM_ADD), shipping: !has(ChangeActionType.SHIPPING_ADD) }
}

export type Fulfillment = { id: string; shipped_at?: string | null; canceled_at?: string | null; metadata?: Record<string, unknown> | null }

/** The order's fulfilments not cancelled that carry this exchange's new sizes. */
export async function exchangeFulfillments(scope: MedusaContainer, orderId: string, exchangeId: string): Promise<Fulfillment[]> {
  const { data } = await queryGraph(scope, {
    entity: "order",
    fields: ["fulfillments.id", "fulfillments.shipped_at", "fulfillments.canceled_at", "fulfillments.metadata"],
    filters: { id: orderId },
  })
  const fulfillments = (data[0]?.fulfillments ?? []) as (Fulfillment | null)[]
  return fulfillments.filter((f): f is Fulfillment => Boolean(f && !f.canceled_at && f.metadata?.exchange_id === exchangeId))
}

/** Refuses (409) shipping an exchange cancelled, or not confirmed yet. */
export function assertExchangeShippable(exchange: ExchangeRow, change: ActiveOrderChange | null): void {
  if (exchange.canceled_at) throw new OrderChangeRefused("conflict", `Exchange ${exchange.id} was cancelled`)
  if (change) throw new OrderChangeRefused("conflict", `Exchange ${exchange.id} has not been confirmed yet`)
}

/** Whether an exchange is already cancelled; one still being changed, or shipped, can't be (409). */
export function exchangeCancellationSkipped(exchange: ExchangeRow, change: ActiveOrderChange | null, shipped: Fulfillment[]): boolean {
  if (exchange.canceled_at) return true
  if (change) throw new OrderChangeRefused("conflict", `Exchange ${exchange.id} is being changed`)
  if (shipped.length) throw new OrderChangeRefused("conflict", `Exchange ${exchange.id} has shipped; it can't be cancelled`)
  return false
}
