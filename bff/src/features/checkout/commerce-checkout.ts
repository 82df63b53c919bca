import { z } from "zod"
import type { Commerce } from "../../lib/medusa.js"
import type { medusaAddress } from "../addresses/index.js"

export type CheckoutCartRequest = {
  customer_id: string
  email: string
  shipping_address: ReturnType<typeof medusaAddress>
  /** Each line at the price the shop accepted it for (Medusa keeps it as the line's custom price). */
  items: { variant_id: string; quantity: number; unit_price_paise: number; metadata: Record<string, unknown> }[]
  cod_fee_paise: number
  credits: { reference: "dark_coins" | "live_test"; reference_id: string; amount_paise: number; metadata?: Record<string, unknown> }[]
  metadata: Record<string, unknown>
}

export type CheckoutCart = { id: string; total_paise: number; item_total_paise: number; credit_line_total_paise: number }

export type Shortfall = { variant_id: string; requested: number; available: number }

/** The provider that records the payment in Medusa and the session data it checks (commerce/src/modules); kept in a job's payload. */
export const commercePaymentSchema = z.discriminatedUnion("provider_id", [
  z.object({
    provider_id: z.literal("pp_razorpay_razorpay"),
    data: z.object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), amount_paise: z.number().int(), verified_at: z.string() }),
  }),
  z.object({ provider_id: z.literal("pp_cod_cod"), data: z.record(z.string(), z.unknown()) }),
])
export type CommercePayment = z.infer<typeof commercePaymentSchema>

/** The order Medusa placed, with its line ids (ordli_…) by variant: returns and exchanges name lines by them. */
export type PlacedOrder = { id: string; lines: { id: string; variantId: string | null }[] }

/** Medusa would not place the order: stock ran out, or the provider refused the payment. Final for this cart. */
export class OrderRefused extends Error {
  constructor(
    readonly reason: "out_of_stock" | "payment_refused",
    message: string,
  ) {
    super(message)
  }
}

/** Stock too short for some lines when the checkout cart was made. */
export class StockShortfall extends Error {
  constructor(readonly shortfalls: Shortfall[]) {
    super("Some items are out of stock")
  }
}

/** commerce's /internal/checkout-carts routes: the cart of an accepted order, and placing that order. */
export function commerceCheckout(commerce: Commerce) {
  const cartAndOrder = (cartId: string) =>
    commerce.internal<{ cart: CheckoutCart; order_id: string | null }>(`/internal/checkout-carts/${encodeURIComponent(cartId)}`)

  return {
    async createCart(request: CheckoutCartRequest): Promise<CheckoutCart> {
      const answer = await commerce.internal<{ cart?: CheckoutCart; shortfalls?: Shortfall[] }>("/internal/checkout-carts", {
        method: "POST",
        body: request,
        acceptStatuses: [409],
      })
      if (!answer.cart) throw new StockShortfall(answer.shortfalls ?? [])
      return answer.cart
    },

    /** A checkout cart's totals, as made. */
    async cart(cartId: string): Promise<CheckoutCart> {
      return (await cartAndOrder(cartId)).cart
    },

    /** The order the cart became, or null while it is still a cart (without placing anything). */
    async orderOf(cartId: string): Promise<string | null> {
      return (await cartAndOrder(cartId)).order_id
    },

    /**
     * Places the cart's order, the shop's order id in its metadata (`shop_order_id`); idempotent: a cart that already
     * became an order answers that order.
     */
    async complete(cartId: string, payment: CommercePayment, shopOrderId: string): Promise<PlacedOrder> {
      const answer = await commerce.internal<{
        order_id?: string
        lines?: { id: string; variant_id: string | null }[]
        type?: string
        message?: string
      }>(`/internal/checkout-carts/${encodeURIComponent(cartId)}/complete`, {
        method: "POST",
        body: { ...payment, shop_order_id: shopOrderId },
        acceptStatuses: [409],
      })
      if (answer.order_id) {
        const lines = (answer.lines ?? []).map((line) => ({ id: line.id, variantId: line.variant_id }))
        return { id: answer.order_id, lines }
      }
      throw new OrderRefused(answer.type === "out_of_stock" ? "out_of_stock" : "payment_refused", answer.message ?? "Medusa refused the order")
    },
  }
}

export type CommerceCheckout = ReturnType<typeof commerceCheckout>
