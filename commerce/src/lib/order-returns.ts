import type { MedusaContainer } from "@medusajs/framework/types"
import { ChangeActionType, MedusaError, ReturnStatus } from "@medusajs/framework/utils"
import {
  beginReceiveReturnWorkflow,
  beginReturnOrderWorkflow,
  cancelOrderChangeWorkflow,
  cancelReturnReceiveWorkflow,
  cancelReturnRequestWorkflow,
  cancelReturnWorkflow,
  confirmReturnReceiveWorkflow,
  confirmReturnRequestWorkflow,
  receiveItemReturnRequestWorkflow,
  requestItemReturnWorkflow,
} from "@medusajs/medusa/core-flows"
import { activeOrderChange, assertLinesOfOrder, orderForChange, OrderChangeRefused, quantityOf, stockLocationOfOrder, underOrderLock } from "./order-changes"
import { queryGraph } from "./query"

export type ReturnRequest = {
  /** The BFF's id of the return: the key that makes a retried request find the return the first one made. */
  bff_return_id: string
  items: { id: string; quantity: number; note?: string | undefined }[]
  note?: string | undefined
}

export type ReturnAnswer = { return_id: string; status: string; skipped?: true }

type ReturnRow = { id: string; status: string; items: { item_id: string; quantity: number; received_quantity: number }[] }

/** The order's return the BFF asked for under this id, if it made one (a cancelled one too). */
async function returnOfBffReturn(scope: MedusaContainer, orderId: string, bffReturnId: string): Promise<{ id: string; status: string } | undefined> {
  const { data } = await queryGraph(scope, { entity: "return", fields: ["id", "status", "metadata"], filters: { order_id: orderId } })
  const found = data.find((row) => (row.metadata as Record<string, unknown> | null)?.bff_return_id === bffReturnId)
  return found && { id: String(found.id), status: String(found.status) }
}

/** One return of the order with its items; another order's return, or none, is a 404. */
async function returnOfOrder(scope: MedusaContainer, orderId: string, returnId: string): Promise<ReturnRow> {
  const { data } = await queryGraph(scope, {
    entity: "return",
    fields: ["id", "order_id", "status", "items.item_id", "items.quantity", "items.received_quantity"],
    filters: { id: returnId },
  })
  const found = data[0]
  if (!found || found.order_id !== orderId) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Return ${returnId} of order ${orderId} was not found`)
  const items = (found.items ?? []) as ({ item_id: string; quantity: unknown; received_quantity: unknown } | null)[]
  return {
    id: String(found.id),
    status: String(found.status),
    items: items.flatMap((item) =>
      item ? [{ item_id: item.item_id, quantity: quantityOf(item.quantity), received_quantity: quantityOf(item.received_quantity) }] : [],
    ),
  }
}

/** Requests the items on a begun return (unless an earlier call did) and confirms the request. */
async function finishReturnRequest(scope: MedusaContainer, orderId: string, returnId: string, request: ReturnRequest): Promise<void> {
  const change = await activeOrderChange(scope, orderId, { return_id: returnId })
  if (!change) throw new OrderChangeRefused("conflict", `Return ${returnId} has no open request to finish`)
  if (!change.actions.some((action) => action.action === ChangeActionType.RETURN_ITEM)) {
    await requestItemReturnWorkflow(scope).run({
      input: {
        return_id: returnId,
        items: request.items.map((item) => ({ id: item.id, quantity: item.quantity, ...(item.note ? { internal_note: item.note } : {}) })),
      },
    })
  }
  await confirmReturnRequestWorkflow(scope).run({ input: { return_id: returnId } })
}

/**
 * Asks Medusa for a return of some of an order's lines, as ops would in the dashboard: the return is made at the
 * warehouse the order ships from (where it will be received), its items requested and the request confirmed
 * (Medusa emits order.return_requested). Idempotent by `bff_return_id`: a retry answers the return the first call
 * made, finishing its request if that call stopped half-way. A request that fails is undone, so no half-made return
 * holds the order's one active change.
 */
export async function requestReturn(scope: MedusaContainer, orderId: string, request: ReturnRequest): Promise<ReturnAnswer> {
  return underOrderLock(scope, orderId, async () => {
    const order = await orderForChange(scope, orderId)
    assertLinesOfOrder(
      order,
      request.items.map((item) => item.id),
    )
    const existing = await returnOfBffReturn(scope, orderId, request.bff_return_id)
    if (existing && existing.status !== ReturnStatus.OPEN) return { return_id: existing.id, status: existing.status }

    let returnId = existing?.id
    if (!returnId) {
      const { result } = await beginReturnOrderWorkflow(scope).run({
        input: {
          order_id: orderId,
          location_id: await stockLocationOfOrder(scope, order),
          metadata: { bff_return_id: request.bff_return_id },
          ...(request.note ? { internal_note: request.note } : {}),
        },
      })
      returnId = String(result.return_id)
    }
    try {
      await finishReturnRequest(scope, orderId, returnId, request)
    } catch (error) {
      await cancelReturnRequestWorkflow(scope)
        .run({ input: { return_id: returnId } })
        .catch(() => undefined)
      throw error
    }
    return { return_id: returnId, status: (await returnOfOrder(scope, orderId, returnId)).status }
  })
}

/**
 * Receives every requested unit of a return at its warehouse and confirms the receipt: Medusa puts the units back
 * on the sizes' inventory levels there and emits order.return_received. A return already received is skipped; a
 * receipt that fails is undone, so a retry starts it again.
 */
export async function receiveReturn(scope: MedusaContainer, orderId: string, returnId: string): Promise<ReturnAnswer> {
  return underOrderLock(scope, orderId, async () => {
    const found = await returnOfOrder(scope, orderId, returnId)
    if (found.status === ReturnStatus.RECEIVED) return { return_id: returnId, status: found.status, skipped: true }
    if (found.status === ReturnStatus.CANCELED) throw new OrderChangeRefused("conflict", `Return ${returnId} was cancelled`)
    if (found.status === ReturnStatus.OPEN) throw new OrderChangeRefused("conflict", `Return ${returnId} has not been requested yet`)

    let change = await activeOrderChange(scope, orderId, { return_id: returnId })
    if (change && change.change_type !== "return_receive") throw new OrderChangeRefused("conflict", `Return ${returnId} is being changed`)
    if (!change) {
      await beginReceiveReturnWorkflow(scope).run({ input: { return_id: returnId } })
      change = await activeOrderChange(scope, orderId, { return_id: returnId })
    }
    try {
      if (!change?.actions.some((action) => action.action === ChangeActionType.RECEIVE_RETURN_ITEM)) {
        const items = found.items.map((item) => ({ id: item.item_id, quantity: item.quantity - item.received_quantity })).filter((item) => item.quantity > 0)
        await receiveItemReturnRequestWorkflow(scope).run({ input: { return_id: returnId, items } })
      }
      await confirmReturnReceiveWorkflow(scope).run({ input: { return_id: returnId } })
    } catch (error) {
      await cancelReturnReceiveWorkflow(scope)
        .run({ input: { return_id: returnId } })
        .catch(() => undefined)
      throw error
    }
    return { return_id: returnId, status: (await returnOfOrder(scope, orderId, returnId)).status }
  })
}

/**
 * Cancels a return not yet received (the shopper changed their mind, the pickup never happened): any change of it
 * still open is dropped first, since Medusa's cancellation is itself an order change. Already cancelled is skipped;
 * a return with units received can't be cancelled (409).
 */
export async function cancelReturn(scope: MedusaContainer, orderId: string, returnId: string): Promise<ReturnAnswer> {
  return underOrderLock(scope, orderId, async () => {
    const found = await returnOfOrder(scope, orderId, returnId)
    if (found.status === ReturnStatus.CANCELED) return { return_id: returnId, status: found.status, skipped: true }
    if (found.status === ReturnStatus.RECEIVED || found.items.some((item) => item.received_quantity > 0)) {
      throw new OrderChangeRefused("conflict", `Return ${returnId} has units received; it can't be cancelled`)
    }
    const change = await activeOrderChange(scope, orderId, { return_id: returnId })
    if (change) await cancelOrderChangeWorkflow(scope).run({ input: { id: change.id } })
    await cancelReturnWorkflow(scope).run({ input: { return_id: returnId, no_notification: true } })
    return { return_id: returnId, status: (await returnOfOrder(scope, orderId, returnId)).status }
  })
}
