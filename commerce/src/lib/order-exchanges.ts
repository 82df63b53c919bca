import type { MedusaContainer } from "@medusajs/framework/types"
import { ChangeActionType, MedusaError } from "@medusajs/framework/utils"
import {
  beginExchangeOrderWorkflow,
  cancelBeginOrderExchangeWorkflow,
  cancelOrderExchangeWorkflow,
  confirmExchangeRequestWorkflow,
  createExchangeShippingMethodWorkflow,
  createOrderFulfillmentWorkflow,
  createOrderShipmentWorkflow,
  orderExchangeAddNewItemWorkflow,
  orderExchangeRequestItemReturnWorkflow,
} from "@medusajs/medusa/core-flows"
import {
  activeOrderChange,
  assertLinesOfOrder,
  orderChangeRefusal,
  orderForChange,
  OrderChangeRefused,
  quantityOf,
  stockLocationOfOrder,
  underOrderLock,
} from "./order-changes"
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

type ExchangeRow = { id: string; return_id: string | null; canceled_at: string | null; new_items: { id: string; quantity: number }[] }

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

async function exchangeOfBffReturn(scope: MedusaContainer, orderId: string, bffReturnId: string): Promise<ExchangeRow | undefined> {
  const { data } = await queryGraph(scope, { entity: "order_exchange", fields: EXCHANGE_FIELDS, filters: { order_id: orderId } })
  const found = data.find((row) => (row.metadata as Record<string, unknown> | null)?.bff_return_id === bffReturnId)
  return found && exchangeRowOf(found)
}

async function exchangeOfOrder(scope: MedusaContainer, orderId: string, exchangeId: string): Promise<ExchangeRow> {
  const { data } = await queryGraph(scope, { entity: "order_exchange", fields: EXCHANGE_FIELDS, filters: { id: exchangeId } })
  const found = data[0]
  if (!found || found.order_id !== orderId) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Exchange ${exchangeId} of order ${orderId} was not found`)
  return exchangeRowOf(found)
}

/** The shipping option the order went out with: the exchange's new sizes go out the same way, at no charge. */
async function orderShippingOption(scope: MedusaContainer, orderId: string): Promise<string> {
  const { data } = await queryGraph(scope, { entity: "order", fields: ["shipping_methods.shipping_option_id"], filters: { id: orderId } })
  const methods = (data[0]?.shipping_methods ?? []) as ({ shipping_option_id: string | null } | null)[]
  const optionId = methods.find((method) => method?.shipping_option_id)?.shipping_option_id
  if (!optionId) throw new MedusaError(MedusaError.Types.INVALID_DATA, `Order ${orderId} has no shipping option to send an exchange with`)
  return optionId
}

/** Adds to a begun exchange what an earlier call didn't (the units back, the new sizes, free shipping) and confirms it. */
async function finishExchange(scope: MedusaContainer, orderId: string, exchangeId: string, request: ExchangeRequest, locationId: string) {
  const change = await activeOrderChange(scope, orderId, { exchange_id: exchangeId })
  if (!change) throw new OrderChangeRefused("conflict", `Exchange ${exchangeId} has no open request to finish`)
  const has = (type: ChangeActionType, returning = false) => change.actions.some((action) => action.action === type && Boolean(action.return_id) === returning)
  if (!has(ChangeActionType.RETURN_ITEM, true)) {
    const exchange = await exchangeOfOrder(scope, orderId, exchangeId)
    await orderExchangeRequestItemReturnWorkflow(scope).run({
      // Medusa's type asks for the return; the workflow makes the exchange's return itself when it has none.
      input: { exchange_id: exchangeId, return_id: exchange.return_id ?? "", location_id: locationId, items: request.return_items },
    })
  }
  if (!has(ChangeActionType.ITEM_ADD)) {
    await orderExchangeAddNewItemWorkflow(scope).run({ input: { exchange_id: exchangeId, items: request.new_items } })
  }
  // Medusa reserves the new sizes only for an exchange that ships; ours ships free.
  if (!has(ChangeActionType.SHIPPING_ADD)) {
    await createExchangeShippingMethodWorkflow(scope).run({
      input: { exchange_id: exchangeId, shipping_option_id: await orderShippingOption(scope, orderId), custom_amount: 0 },
    })
  }
  await confirmExchangeRequestWorkflow(scope).run({ input: { exchange_id: exchangeId } })
}

/** The new sizes named, for a refusal the BFF shows as "size … ran out". */
function stockShort(request: ExchangeRequest, error: unknown): OrderChangeRefused | undefined {
  if (orderChangeRefusal(error)?.type !== "insufficient_inventory") return undefined
  const variants = request.new_items.map((item) => item.variant_id).join(", ")
  return new OrderChangeRefused("insufficient_inventory", `Not enough stock of variant ${variants} for the exchange`)
}

/**
 * Asks Medusa for a size exchange, as ops would in the dashboard: the units coming back (a return at the order's
 * warehouse), the new sizes at the replaced lines' prices, a free shipping method (so Medusa reserves the new
 * sizes at confirmation) and the confirmation (Medusa emits order.exchange_created). Idempotent by
 * `bff_return_id`; an exchange that fails is undone, and a new size out of stock is insufficient_inventory.
 */
export async function requestExchange(scope: MedusaContainer, orderId: string, request: ExchangeRequest): Promise<ExchangeAnswer> {
  return underOrderLock(scope, orderId, async () => {
    const order = await orderForChange(scope, orderId)
    assertLinesOfOrder(
      order,
      request.return_items.map((item) => item.id),
    )
    let exchange = await exchangeOfBffReturn(scope, orderId, request.bff_return_id)
    if (exchange?.canceled_at) return { exchange_id: exchange.id, return_id: exchange.return_id, status: "canceled" }
    if (exchange && !(await activeOrderChange(scope, orderId, { exchange_id: exchange.id }))) {
      return { exchange_id: exchange.id, return_id: exchange.return_id, status: "requested" }
    }
    let exchangeId = exchange?.id
    if (!exchangeId) {
      const { result } = await beginExchangeOrderWorkflow(scope).run({ input: { order_id: orderId, metadata: { bff_return_id: request.bff_return_id } } })
      exchangeId = String(result.exchange_id)
    }
    try {
      await finishExchange(scope, orderId, exchangeId, request, await stockLocationOfOrder(scope, order))
    } catch (error) {
      await cancelBeginOrderExchangeWorkflow(scope)
        .run({ input: { exchange_id: exchangeId } })
        .catch(() => undefined)
      throw stockShort(request, error) ?? error
    }
    exchange = await exchangeOfOrder(scope, orderId, exchangeId)
    return { exchange_id: exchange.id, return_id: exchange.return_id, status: "requested" }
  })
}

type Fulfillment = { id: string; shipped_at?: string | null; canceled_at?: string | null; metadata?: Record<string, unknown> | null }

/**
 * Ships an exchange's new sizes: one fulfilment of those lines only (its reservation becomes the shipment), with
 * the courier's label, marked shipped. The fulfilment carries `metadata.exchange_id`, so a repeated call finds it
 * and ships nothing twice, and the order's first parcel can be told apart from it.
 */
export async function shipExchange(scope: MedusaContainer, orderId: string, exchangeId: string, shipment: ExchangeShipment): Promise<ExchangeShipmentAnswer> {
  return underOrderLock(scope, orderId, async () => {
    const exchange = await exchangeOfOrder(scope, orderId, exchangeId)
    if (exchange.canceled_at) throw new OrderChangeRefused("conflict", `Exchange ${exchangeId} was cancelled`)
    if (await activeOrderChange(scope, orderId, { exchange_id: exchangeId })) {
      throw new OrderChangeRefused("conflict", `Exchange ${exchangeId} has not been confirmed yet`)
    }
    const { data } = await queryGraph(scope, {
      entity: "order",
      fields: ["fulfillments.id", "fulfillments.shipped_at", "fulfillments.canceled_at", "fulfillments.metadata"],
      filters: { id: orderId },
    })
    const fulfillments = (data[0]?.fulfillments ?? []) as (Fulfillment | null)[]
    const labels = [{ tracking_number: shipment.tracking_number, tracking_url: shipment.tracking_url, label_url: shipment.tracking_url }]
    const items = exchange.new_items
    let fulfillment = fulfillments.find((f): f is Fulfillment => Boolean(f && !f.canceled_at && f.metadata?.exchange_id === exchangeId))
    const skipped = Boolean(fulfillment?.shipped_at)
    if (!fulfillment) {
      const { result } = await createOrderFulfillmentWorkflow(scope).run({
        input: {
          order_id: orderId,
          items,
          labels,
          no_notification: true,
          metadata: { exchange_id: exchangeId, courier_tracking: shipment.tracking_url },
          shipping_option_id: await orderShippingOption(scope, orderId),
        },
      })
      fulfillment = { id: result.id }
    }
    if (!fulfillment.shipped_at) {
      await createOrderShipmentWorkflow(scope).run({
        input: { order_id: orderId, fulfillment_id: fulfillment.id, items, labels, no_notification: true },
      })
    }
    return { exchange_id: exchangeId, fulfillment_id: fulfillment.id, status: "shipped", ...(skipped ? { skipped: true as const } : {}) }
  })
}

/**
 * Cancels an exchange whose old units never left the shopper (the courier gave the pickup up): Medusa cancels its
 * return and lets go of the new sizes' reservations. Already cancelled is skipped; an exchange already shipped, or
 * one still being changed, is refused (409).
 */
export async function cancelExchange(scope: MedusaContainer, orderId: string, exchangeId: string): Promise<ExchangeCancelAnswer> {
  return underOrderLock(scope, orderId, async () => {
    const exchange = await exchangeOfOrder(scope, orderId, exchangeId)
    if (exchange.canceled_at) return { exchange_id: exchangeId, status: "canceled", skipped: true }
    if (await activeOrderChange(scope, orderId, { exchange_id: exchangeId })) {
      throw new OrderChangeRefused("conflict", `Exchange ${exchangeId} is being changed`)
    }
    const { data } = await queryGraph(scope, { entity: "order", fields: ["fulfillments.canceled_at", "fulfillments.metadata"], filters: { id: orderId } })
    const fulfillments = (data[0]?.fulfillments ?? []) as (Fulfillment | null)[]
    if (fulfillments.some((f) => f && !f.canceled_at && f.metadata?.exchange_id === exchangeId)) {
      throw new OrderChangeRefused("conflict", `Exchange ${exchangeId} has shipped; it can't be cancelled`)
    }
    await cancelOrderExchangeWorkflow(scope).run({ input: { exchange_id: exchangeId, no_notification: true } })
    return { exchange_id: exchangeId, status: "canceled" }
  })
}
