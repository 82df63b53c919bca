import { PAISE_PER_COIN, returnedUnitsDiscount, returnRefund, type ReturnLineRequest } from "@fitshop/contracts"
import { badRequest, conflict } from "../../http/errors.js"
import { indiaDay } from "../../lib/india-time.js"
import { hasEnded, lineWindowEnd, type OrderRecord, type ReturnRules } from "../orders/index.js"
import { unitsAskedBack, type ReturnLine, type ReturnRecord } from "./returns.js"

/**
 * The lines of an ask as the return will keep them, each with what it gives back; or a clear refusal that changes
 * nothing: the order not delivered or ended, a line of another order, a product not returnable, the window closed,
 * more units than are left to ask back, a size to exchange into that is the one bought. A return gives money back
 * and an exchange another size, never both in one ask.
 */
export function askedLines(order: OrderRecord, asked: ReturnLineRequest[], earlier: ReturnRecord[], rules: ReturnRules): ReturnLine[] {
  if (hasEnded(order) || order.status !== "DELIVERED") throw conflict("Only a delivered order can be returned or exchanged.")
  const exchanges = asked.filter((line) => line.exchangeSize).length
  if (exchanges && exchanges < asked.length) throw badRequest("Ask for a return and a size exchange separately.")
  const taken = unitsAskedBack(earlier)
  const refundable = {
    paymentMethod: order.paymentMethod,
    discount: order.discount,
    lines: order.items,
  }
  return asked.map((ask) => {
    const index = order.items.findIndex((line) => line.lineId === ask.lineId)
    const line = order.items[index]
    if (!line) throw badRequest(`Line ${ask.lineId} is not part of this order.`)
    const until = lineWindowEnd(order, line, rules)
    if (line.returnable === false || !until) throw badRequest(`${line.title} cannot be returned.`)
    if (until <= rules.now) throw badRequest(`The return window for ${line.title} closed on ${indiaDay(until.getTime())}.`)
    const firstUnit = taken.get(ask.lineId) ?? 0
    const left = line.quantity - firstUnit
    // Nothing left: it is on its way back already (a double click lands here too).
    if (!left) throw conflict(`${line.title} is already being returned.`)
    if (ask.quantity > left) throw badRequest(`Only ${left} of ${line.title} can still be returned.`)
    if (ask.exchangeSize && ask.exchangeSize === line.size) throw badRequest(`Choose a size other than ${line.size} to exchange ${line.title} for.`)
    const note = ask.note || null
    const exchange = Boolean(ask.exchangeSize)
    const refund = exchange ? { toPayment: 0, coins: 0 } : returnRefund(refundable, index, firstUnit, ask.quantity)
    const spentCoins = exchange ? 0 : Math.floor(returnedUnitsDiscount(refundable, index, firstUnit, ask.quantity) / PAISE_PER_COIN)
    return {
      lineId: ask.lineId,
      productId: line.productId,
      variantId: line.variantId,
      title: line.title,
      size: line.size,
      quantity: ask.quantity,
      firstUnit,
      unitPrice: line.unitPrice,
      reason: ask.reason,
      note,
      exchangeSize: ask.exchangeSize ?? null,
      exchangeVariantId: null,
      refund,
      spentCoins,
    }
  })
}

/** A return's whole refund: the sum of its lines'. */
export function totalRefund(lines: ReturnLine[]): { toPayment: number; coins: number; spentCoins: number } {
  return lines.reduce(
    (sum, line) => ({ toPayment: sum.toPayment + line.refund.toPayment, coins: sum.coins + line.refund.coins, spentCoins: sum.spentCoins + line.spentCoins }),
    { toPayment: 0, coins: 0, spentCoins: 0 },
  )
}
