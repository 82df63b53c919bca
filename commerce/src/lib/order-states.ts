import type { MedusaContainer } from "@medusajs/framework/types"
import { MathBN, ReturnStatus } from "@medusajs/framework/utils"
import { queryGraph, type QueryRow } from "./query"

/**
 * What the BFF needs to know of an order Medusa changed: whether ops cancelled it, whether its parcel
 * left and arrived (a fulfilment shipped, delivered), which returns were received and whether every unit came back.
 * `updated_at` orders the changes: Medusa moves it with every change to the order (a new version, a status).
 */
export type OrderState = {
  id: string
  updated_at: string
  canceled: boolean
  shipped: boolean
  delivered: boolean
  returned: boolean
  /** The order's returns Medusa received in full (ops in the dashboard, or the BFF's own receipt): the BFF settles its own among them. */
  received_returns: string[]
}

export const ORDER_STATE_FIELDS = [
  "id",
  "status",
  "updated_at",
  "items.requires_shipping",
  "items.detail.quantity",
  "items.detail.return_received_quantity",
  "fulfillments.shipped_at",
  "fulfillments.delivered_at",
  "fulfillments.canceled_at",
  "returns.id",
  "returns.status",
]

type Item = { requires_shipping?: boolean | null; detail?: { quantity?: unknown; return_received_quantity?: unknown } | null }
type Return = { id?: string | null; status?: string | null }
type Fulfillment = { shipped_at?: string | null; delivered_at?: string | null; canceled_at?: string | null }

const amount = (value: unknown) => (value == null ? 0 : MathBN.convert(value as string | number).toNumber())

export function orderStateOf(order: QueryRow): OrderState {
  const fulfillments = ((order.fulfillments ?? []) as Fulfillment[]).filter((f) => !f.canceled_at)
  // Older orders carry the COD fee as a line that doesn't ship, so it can never come back.
  const parcels = ((order.items ?? []) as Item[]).filter((item) => item.requires_shipping !== false && amount(item.detail?.quantity) > 0)
  return {
    id: String(order.id),
    updated_at: new Date(order.updated_at as string).toISOString(),
    canceled: order.status === "canceled",
    shipped: fulfillments.some((f) => Boolean(f.shipped_at)),
    delivered: fulfillments.some((f) => Boolean(f.delivered_at)),
    returned: parcels.length > 0 && parcels.every((item) => amount(item.detail?.return_received_quantity) >= amount(item.detail?.quantity)),
    received_returns: ((order.returns ?? []) as (Return | null)[]).flatMap((ret) => (ret?.id && ret.status === ReturnStatus.RECEIVED ? [ret.id] : [])),
  }
}

/** The states of orders changed at or after `since`, oldest change first, at most `limit`. */
export async function ordersChangedSince(scope: MedusaContainer, since: Date, limit: number): Promise<OrderState[]> {
  const { data } = await queryGraph(scope, {
    entity: "order",
    fields: ORDER_STATE_FIELDS,
    filters: { updated_at: { $gte: since }, status: { $ne: "draft" } },
    pagination: { take: limit, order: { updated_at: "ASC", id: "ASC" } },
  })
  return data.map(orderStateOf)
}

export async function orderState(scope: MedusaContainer, id: string): Promise<OrderState | undefined> {
  const { data } = await queryGraph(scope, { entity: "order", fields: ORDER_STATE_FIELDS, filters: { id } })
  return data[0] && orderStateOf(data[0])
}
