import type { MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MathBN, MedusaError, Modules, OrderChangeStatus } from "@medusajs/framework/utils"
import { queryGraph } from "./query"

/**
 * How long a return or exchange call waits for another one on the same order before answering 409. Under the
 * BFF's own deadline for one call, so a retry after a lost answer queues behind the first call instead of racing it.
 */
export const ORDER_LOCK_WAIT_SECONDS = 8
/** How long the lock outlives a call that crashed while holding it. */
export const ORDER_LOCK_TTL_SECONDS = 60

/** The lock a return, an exchange or a refund of the order holds while it runs. */
export const orderLockKey = (orderId: string) => `order-returns:${orderId}`

/** Why a return or exchange was refused in a way the BFF acts on: try again later, or the new size ran out. */
export type OrderChangeRefusal = { type: "conflict" | "insufficient_inventory"; message: string }

/** A refusal raised by our own checks, answered as 409 with its type. */
export class OrderChangeRefused extends Error {
  constructor(
    readonly type: OrderChangeRefusal["type"],
    message: string,
  ) {
    super(message)
    this.name = "OrderChangeRefused"
  }
}

const ACTIVE_CHANGE = /already has an existing active order change/i
const LOCK_TIMEOUT = /acquir(e|ing) lock/i
const OUT_OF_STOCK = /not enough stock|required inventory/i

/**
 * The 409 answer for an error, when it is one: another change of the order under way (Medusa allows one active
 * order change per order; ours are serialised, but ops may have one open in the dashboard) or a lock not had
 * in time is a conflict the BFF retries; stock that ran out for an exchange's new size is insufficient_inventory.
 */
export function orderChangeRefusal(error: unknown): OrderChangeRefusal | undefined {
  if (error instanceof OrderChangeRefused) return { type: error.type, message: error.message }
  // Workflows rethrow their steps' errors, not always as Error instances: a refusal thrown in a step arrives as its fields.
  const { message, code, name, type } = (typeof error === "object" && error !== null ? error : {}) as Record<string, unknown>
  if (typeof message !== "string") return undefined
  if (name === "OrderChangeRefused" && (type === "conflict" || type === "insufficient_inventory")) return { type, message }
  if (ACTIVE_CHANGE.test(message) || LOCK_TIMEOUT.test(message)) return { type: "conflict", message }
  if (code === MedusaError.Codes.INSUFFICIENT_INVENTORY || OUT_OF_STOCK.test(message)) return { type: "insufficient_inventory", message }
  return undefined
}

/** Answers what the work answers, or its refusal as 409 `{ type, message }`; any other error goes to Medusa's handler. */
export async function answerOrderChange(res: MedusaResponse, work: () => Promise<unknown>): Promise<void> {
  let answer: unknown
  try {
    answer = await work()
  } catch (error) {
    const refused = orderChangeRefusal(error)
    if (!refused) throw error
    res.status(409).json(refused)
    return
  }
  res.json(answer)
}

/**
 * Runs one return or exchange step on an order while no other does: Medusa checks "no active order change"
 * and then creates one without a lock, so two calls at once could both begin; and a retry must find what the
 * first call made rather than make it again.
 */
export async function underOrderLock<T>(scope: MedusaContainer, orderId: string, job: () => Promise<T>): Promise<T> {
  const locking = scope.resolve(Modules.LOCKING)
  return locking.execute(orderLockKey(orderId), job, { timeout: ORDER_LOCK_WAIT_SECONDS, expire: ORDER_LOCK_TTL_SECONDS })
}

export type ActiveOrderChange = { id: string; change_type: string | null; actions: { action: string; return_id?: string | null }[] }

/** The order change still open (pending or requested) for one return or exchange, if any. */
export async function activeOrderChange(
  scope: MedusaContainer,
  orderId: string,
  of: { return_id: string } | { exchange_id: string },
): Promise<ActiveOrderChange | undefined> {
  const { data } = await queryGraph(scope, {
    entity: "order_change",
    fields: ["id", "change_type", "actions.action", "actions.return_id"],
    filters: { order_id: orderId, ...of, status: [OrderChangeStatus.PENDING, OrderChangeStatus.REQUESTED] },
  })
  const change = data[0]
  if (!change) return undefined
  return {
    id: String(change.id),
    change_type: (change.change_type as string | null) ?? null,
    actions: ((change.actions ?? []) as ({ action: string; return_id?: string | null } | null)[]).flatMap((action) => (action ? [action] : [])),
  }
}

export type OrderForChange = {
  id: string
  sales_channel_id: string | null
  lines: { id: string; variant_id: string | null; quantity: number }[]
}

/** A quantity as Query answers it (a number, or a BigNumber's raw form). */
export const quantityOf = (value: unknown) => (value == null ? 0 : MathBN.convert(value as string | number).toNumber())

/** The order a return or exchange is asked for, with its lines; an unknown order is a 404. */
export async function orderForChange(scope: MedusaContainer, orderId: string): Promise<OrderForChange> {
  const { data } = await queryGraph(scope, {
    entity: "order",
    fields: ["id", "status", "sales_channel_id", "items.id", "items.variant_id", "items.quantity"],
    filters: { id: orderId },
  })
  const order = data[0]
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`)
  const items = (order.items ?? []) as ({ id: string; variant_id: string | null; quantity: unknown } | null)[]
  return {
    id: String(order.id),
    sales_channel_id: (order.sales_channel_id as string | null) ?? null,
    lines: items.flatMap((item) => (item ? [{ id: item.id, variant_id: item.variant_id, quantity: quantityOf(item.quantity) }] : [])),
  }
}

/** Refuses (400) lines that are not the order's, before anything is made. */
export function assertLinesOfOrder(order: OrderForChange, lineIds: string[]): void {
  const own = new Set(order.lines.map((line) => line.id))
  const foreign = lineIds.filter((id) => !own.has(id))
  if (foreign.length) throw new MedusaError(MedusaError.Types.INVALID_DATA, `Not lines of order ${order.id}: ${foreign.join(", ")}`)
}

/**
 * The stock location the order's sales channel ships from (the seed links the storefront's channel to its one
 * warehouse): a return is received there, so the units go back on that location's inventory levels.
 */
export async function stockLocationOfOrder(scope: MedusaContainer, order: OrderForChange): Promise<string> {
  if (order.sales_channel_id) {
    const { data } = await queryGraph(scope, { entity: "sales_channel", fields: ["stock_locations.id"], filters: { id: order.sales_channel_id } })
    const locations = (data[0]?.stock_locations ?? []) as ({ id: string } | null)[]
    const id = locations.find((location) => location)?.id
    if (id) return id
  }
  const [location] = await scope.resolve(Modules.STOCK_LOCATION).listStockLocations({}, { take: 1 })
  if (!location) throw new MedusaError(MedusaError.Types.NOT_FOUND, "The shop has no stock location; run the seed")
  return location.id
}
