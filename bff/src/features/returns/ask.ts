import { randomUUID } from "node:crypto"
import type { ReturnRequest } from "@fitshop/contracts"
import { conflict, notFound } from "../../http/errors.js"
import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob } from "../../lib/jobs.js"
import type { ReturnEventListener } from "../../lib/order-events.js"
import { presentAddress, type AddressService } from "../addresses/index.js"
import { lockOrder, type ShippingAddress } from "../orders/index.js"
import { holdEarningsForReturn, lockWalletsOfOrder } from "../wallet/index.js"
import { askedLines, totalRefund } from "./eligibility.js"
import { holdExchangeUnits } from "./exchange-units.js"
import { RETURN_BOOKING_JOB } from "./booking.js"
import { insertReturn, returnById, returnsOfOrders, type ReturnRecord } from "./returns.js"

type Deps = {
  db: Db
  addresses: Pick<AddressService, "list">
  returnWindowDays: number
  onReturnEvent?: ReturnEventListener
}

/** What the courier needs of a saved address to pick up from it; the order's e-mail goes with it. */
async function savedPickupAddress(addresses: Deps["addresses"], userId: string, addressId: string, email: string): Promise<ShippingAddress> {
  const saved = (await addresses.list(userId)).find((address) => address.id === addressId)
  if (!saved) throw notFound("Address not found")
  const { id: _id, label: _label, isDefault: _isDefault, ...address } = presentAddress(saved)
  return { ...address, email }
}

/**
 * A shopper asks to send lines of a delivered order back: checked against the order held for the transaction (so two
 * asks at once can't both take the last unit), recorded with what each line gives back, and handed to a job that
 * asks Medusa for the return and books the courier's pickup, retried until both have answered. An exchange's new
 * size is held in the same transaction, a return's referral earnings on its lines too. Another shopper's order is the
 * same 404 as no order.
 */
export function returnAsks({ db, addresses, returnWindowDays, onReturnEvent }: Deps) {
  return async function ask(userId: string, orderId: string, body: ReturnRequest): Promise<ReturnRecord> {
    const found = await db.query<{ user_id: string; shipping_address: ShippingAddress; email: string }>(
      "select o.user_id, o.shipping_address, u.email from bff.orders o join bff.users u on u.id = o.user_id where o.id = $1",
      [orderId],
    )
    const owner = found.rows[0]
    if (!owner || owner.user_id !== userId) throw notFound("Order not found")
    // The courier's pickup needs an e-mail: the order's, else the account's.
    const email = owner.shipping_address.email ?? owner.email
    const pickupAddress = body.pickupAddressId ? await savedPickupAddress(addresses, userId, body.pickupAddressId, email) : { ...owner.shipping_address, email }

    const id = randomUUID()
    await transaction(db, async (client) => {
      const order = await lockOrder(client, orderId)
      if (!order) throw notFound("Order not found")
      const asked = askedLines(order, body.lines, await returnsOfOrders(client, [order.id]), { returnWindowDays, now: new Date() })
      const kind = asked.some((line) => line.exchangeSize) ? "exchange" : "return"
      const lines = kind === "exchange" ? await holdExchangeUnits(client, { returnId: id, userId, lines: asked }) : asked
      const { spentCoins, ...refund } = totalRefund(lines)
      const inserted = await insertReturn(client, { id, orderId: order.id, userId, kind, lines, pickupAddress, refund, spentCoins })
      if (!inserted) throw conflict("You have already asked to return these items.")
      if (kind === "return") {
        // What the lines earned a post's author waits on the return: it can't mature while they may still come back.
        await lockWalletsOfOrder(client, order.checkoutId, order.id)
        await holdEarningsForReturn(
          client,
          order.id,
          lines.map((line) => line.variantId),
          id,
        )
      }
      await enqueueJob(client, RETURN_BOOKING_JOB, id)
      await onReturnEvent?.(client, id, "return_requested")
    })
    const created = await returnById(db, id)
    if (!created) throw new Error(`return ${id} vanished after it was recorded`)
    return created
  }
}
