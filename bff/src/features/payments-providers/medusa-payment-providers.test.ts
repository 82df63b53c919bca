import { randomBytes, randomInt } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { createShippableCart, payAndCompleteCart, placeMedusaOrder } from "../../../test/orders.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

/**
 * A size with a few units of a WOMEN product other than the newest, picked at random in Medusa: other
 * files rank MEN products by units sold and count the newest product's stock, so these orders keep out of their way.
 */
async function variantInStock(): Promise<string> {
  const sdk = await ctx.commerce.store()
  const { products } = await sdk.store.product.list({
    limit: 200,
    order: "-created_at",
    fields: "id,metadata,variants.id,+variants.inventory_quantity",
  })
  const sizes = products
    .slice(1)
    .filter((product) => product.metadata?.gender === "WOMEN")
    .flatMap((product) => product.variants ?? [])
    .filter((variant) => (variant.inventory_quantity ?? 0) >= 5)
  return sizes[randomInt(sizes.length)]!.id
}

type RecordedPayment = { provider_id: string; amount: string; data: Record<string, unknown>; currency_code: string }

/** The payment Medusa recorded for an order, as its dashboard shows it. */
async function paymentOf(orderId: string): Promise<RecordedPayment> {
  const { rows } = await ctx.db.query<RecordedPayment>(
    `select p.provider_id, p.amount, p.data, p.currency_code
       from public.order_payment_collection opc
       join public.payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
      where opc.order_id = $1 and opc.deleted_at is null`,
    [orderId],
  )
  expect(rows).toHaveLength(1)
  return rows[0]!
}

/** Medusa creates the order before it authorizes the payment and deletes it again when authorization fails. */
async function liveOrdersOf(cartId: string): Promise<string[]> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `select o.id from public.order_cart oc join public."order" o on o.id = oc.order_id
      where oc.cart_id = $1 and oc.deleted_at is null and o.deleted_at is null`,
    [cartId],
  )
  return rows.map((row) => row.id)
}

function razorpayFacts(amountPaise: number) {
  const id = randomBytes(7).toString("hex")
  return {
    razorpay_order_id: `order_${id}`,
    razorpay_payment_id: `pay_${id}`,
    amount_paise: amountPaise,
    verified_at: new Date().toISOString(),
  }
}

describe("payment providers of commerce/src/modules", () => {
  it("places an order paid through Razorpay with the payment id and amount recorded on it", async () => {
    const cart = await createShippableCart(ctx.commerce, [{ variantId: await variantInStock(), quantity: 2 }])
    const facts = razorpayFacts(Math.round(cart.total * 100))

    const completed = await payAndCompleteCart(ctx.commerce, cart, { providerId: "pp_razorpay_razorpay", data: facts })

    expect(completed.type).toBe("order")
    if (completed.type !== "order") return
    const payment = await paymentOf(completed.order.id)
    expect(payment.provider_id).toBe("pp_razorpay_razorpay")
    expect(payment.currency_code).toBe("inr")
    expect(Number(payment.amount)).toBe(cart.total)
    expect(payment.data).toMatchObject({ ...facts, expected_amount_paise: facts.amount_paise })
  })

  it("refuses to complete a cart whose Razorpay payment is for another amount", async () => {
    const cart = await createShippableCart(ctx.commerce, [{ variantId: await variantInStock(), quantity: 1 }])
    const facts = razorpayFacts(Math.round(cart.total * 100) - 100)

    await expect(payAndCompleteCart(ctx.commerce, cart, { providerId: "pp_razorpay_razorpay", data: facts })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("was not authorized with the provider"),
    })

    expect(await liveOrdersOf(cart.id)).toEqual([])
    const { rows: sessions } = await ctx.db.query<{ status: string; data: Record<string, unknown> }>(
      `select s.status, s.data
         from public.cart_payment_collection cpc
         join public.payment_session s on s.payment_collection_id = cpc.payment_collection_id and s.deleted_at is null
        where cpc.cart_id = $1`,
      [cart.id],
    )
    expect(sessions).toEqual([
      {
        status: "error",
        data: expect.objectContaining({ authorization_error: expect.stringContaining(`is for ${facts.amount_paise} paise`) }),
      },
    ])
  })

  it("refuses to complete a cart whose Razorpay session carries no payment id", async () => {
    const cart = await createShippableCart(ctx.commerce, [{ variantId: await variantInStock(), quantity: 1 }])
    const { razorpay_order_id, amount_paise } = razorpayFacts(Math.round(cart.total * 100))

    const payment = { providerId: "pp_razorpay_razorpay", data: { razorpay_order_id, amount_paise } }

    await expect(payAndCompleteCart(ctx.commerce, cart, payment)).rejects.toMatchObject({ status: 400 })
    expect(await liveOrdersOf(cart.id)).toEqual([])
  })

  it("places a cash-on-delivery order, authorized and waiting for the courier's cash", async () => {
    const orderId = await placeMedusaOrder(ctx.commerce, [{ variantId: await variantInStock(), quantity: 1 }], { providerId: "pp_cod_cod" })

    const payment = await paymentOf(orderId)
    expect(payment.provider_id).toBe("pp_cod_cod")
    expect(payment.data).toMatchObject({ collect_amount_paise: Math.round(Number(payment.amount) * 100) })
    expect(payment.data.collected_at).toBeUndefined()
  })
})
