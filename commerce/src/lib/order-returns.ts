import type { MedusaContainer } from "@medusajs/framework/types"
import { ChangeActionType, MedusaError, ReturnStatus } from "@medusajs/framework/utils"
import { OrderChangeRefused, quantityOf, type ActiveOrderChange } from "./order-changes"
import { queryGraph } from "./query"

export type ReturnRequest = {
  /** The BFF's id of the return: the key that makes a retried request find the return the first one made. */
  bff_return_id: string
  items: { id: string; quantity: number; note?: string | undefined }[]
  note?: string | undefined
}

export type ReturnAnswer = { return_id: string; status: string; skipped?: true }

export type ReturnRow = { id: string; status: string; items: { item_id: string; quantity: number; received_quantity: number }[] }

/** The order's return the BFF asked for under this id, if it made one (a cancelled one too). */
export async function returnOfBffReturn(scope: MedusaContainer, orderId: string, bffReturnId: string): Promise<{ id: string; status: string } | undefined> {
  const { data } = await queryGraph(scope, { entity: "return", fields: ["id", "status", "metadata"], filters: { order_id: orderId } })
  const found = data.find((row) => (row.metadata as Record<string, unknown> | null)?.bff_return_id === bffReturnId)
  return found && { id: String(found.id), status: String(found.status) }
}

/** One return of the order with its items; another order's return, or none, is a 404. */
export async function returnOfOrder(scope: MedusaContainer, orderId: string, returnId: string): Promise<ReturnRow> {
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

/** What a request for a return does: answer the one already made, begin one, or finish one a lost call began. */
export type ReturnRequestPlan = { settled: boolean; begin: boolean; resume: boolean }

export function returnRequestPlan(existing: { status: string } | null | undefined): ReturnRequestPlan {
  if (!existing) return { settled: false, begin: true, resume: false }
  const open = existing.status === ReturnStatus.OPEN
  return { settled: !open, begin: false, resume: open }
}

/** What receiving a return does: nothing (already received), or begin or resume its receipt, then receive what is still due. */
export type ReturnReceiptPlan = {
  skip: boolean
  begin: boolean
  resume: boolean
  /** The units still to receive, when no earlier call recorded them. */
  receive: { id: string; quantity: number }[] | null
}

/** Refuses (409) a return cancelled, never requested, or being changed otherwise. */
export function returnReceiptPlan(found: ReturnRow, change: ActiveOrderChange | null): ReturnReceiptPlan {
  if (found.status === ReturnStatus.RECEIVED) return { skip: true, begin: false, resume: false, receive: null }
  if (found.status === ReturnStatus.CANCELED) throw new OrderChangeRefused("conflict", `Return ${found.id} was cancelled`)
  if (found.status === ReturnStatus.OPEN) throw new OrderChangeRefused("conflict", `Return ${found.id} has not been requested yet`)
  if (change && change.change_type !== "return_receive") throw new OrderChangeRefused("conflict", `Return ${found.id} is being changed`)
  const recorded = Boolean(change?.actions.some((action) => action.action === ChangeActionType.RECEIVE_RETURN_ITEM))
  const receive = found.items.map((item) => ({ id: item.item_id, quantity: item.quantity - item.received_quantity })).filter((item) => item.quantity > 0)
  return { skip: false, begin: !change, resume: Boolean(change), receive: recorded ? null : receive }
}

/** Whether a return is already cancelled; one with units received can't be (409). */
export function returnCancellationSkipped(found: ReturnRow): boolean {
  if (found.status === ReturnStatus.CANCELED) return true
  if (found.status === ReturnStatus.RECEIVED || found.items.some((item) => item.received_quantity > 0)) {
    throw new OrderChangeRefused("conflict", `Return ${found.id} has units received; it can't be cancelled`)
  }
  return false
}
