import type { Db } from "../../lib/db.js"
import { conflict, badRequest } from "../../http/errors.js"
import { CheckoutInFlight, holdStock, markHoldsPlaced, StockShortfall } from "../checkout/index.js"
import type { ReturnLine } from "./returns.js"

type Queryable = Pick<Db, "query">

/** An exchange's unit is held until Medusa reserves it (the booking job); a month covers any outage short of staff stepping in. */
const EXCHANGE_HOLD_MS = 30 * 24 * 60 * 60_000

/** The product's variant in `size`, as the catalogue has it; undefined when the product has no such size. */
async function variantInSize(client: Queryable, productId: string, size: string): Promise<string | undefined> {
  const { rows } = await client.query<{ id: string }>(
    `select v ->> 'id' as id from bff.catalog_documents d cross join lateral json_array_elements(d.document -> 'variants') v
      where d.id = $1 and v ->> 'size' = $2`,
    [productId, size],
  )
  return rows[0]?.id
}

/**
 * The sizes an exchange asks for, each held at once through the stock gate checkout uses (bff.hold_stock), in the
 * caller's transaction, so the unit is the shopper's from the ask, and a size with none left is refused naming it.
 * Holding, like a checkout, lets go of the shopper's own abandoned payment windows. Answers the lines with the variants.
 */
export async function holdExchangeUnits(client: Queryable, hold: { returnId: string; userId: string; lines: ReturnLine[] }): Promise<ReturnLine[]> {
  const lines: ReturnLine[] = []
  for (const line of hold.lines) {
    const size = line.exchangeSize
    const variantId = size ? await variantInSize(client, line.productId, size) : undefined
    if (!size || !variantId) throw badRequest(`${line.title} doesn't come in size ${size ?? "–"}.`)
    lines.push({ ...line, exchangeVariantId: variantId })
  }
  try {
    await holdStock(client, {
      checkoutId: hold.returnId,
      userId: hold.userId,
      mode: "prepaid",
      lines: lines.map((line) => ({ productId: line.productId, variantId: line.exchangeVariantId!, quantity: line.quantity })),
      expiresAt: new Date(Date.now() + EXCHANGE_HOLD_MS),
    })
  } catch (error) {
    if (error instanceof StockShortfall) {
      const short = lines.find((line) => error.shortfalls.some((shortfall) => shortfall.variant_id === line.exchangeVariantId)) ?? lines[0]!
      throw conflict(`Size ${short.exchangeSize} of ${short.title} is out of stock, so it can't be exchanged for now.`)
    }
    if (error instanceof CheckoutInFlight) throw conflict("Your cash-on-delivery order is being placed; try the exchange again in a moment.")
    throw error
  }
  return lines
}

/** Medusa reserved the exchange's units: the holds count on as placed ones do, until the catalogue reads the product again. */
export async function markExchangeUnitsPlaced(client: Queryable, returnId: string): Promise<void> {
  await markHoldsPlaced(client, returnId)
}
