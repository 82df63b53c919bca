import { z } from "@medusajs/framework/zod"

const paise = z.number().int().min(0)

const Address = z
  .object({
    first_name: z.string().min(1),
    last_name: z.string().nullish(),
    phone: z.string().min(1),
    address_1: z.string().min(1),
    address_2: z.string().nullish(),
    city: z.string().min(1),
    province: z.string().min(1),
    postal_code: z.string().min(1),
    country_code: z.literal("in"),
  })
  .strict()

/**
 * A checkout cart as the BFF asks for it once it has accepted the order: the bag's sized lines at the prices the shop
 * accepted them for, the address, and the two amounts Medusa's own pricing doesn't know: the cash-on-delivery
 * fee (carried by the shipping method) and credits (Dark Coins, the live-test allowance) that lower the total.
 */
export const InternalCheckoutCart = z
  .object({
    customer_id: z.string().min(1),
    email: z.string().email(),
    shipping_address: Address,
    items: z
      .array(
        z
          .object({
            variant_id: z.string().min(1),
            quantity: z.number().int().min(1).max(10),
            unit_price_paise: paise,
            metadata: z.record(z.string(), z.unknown()).default({}),
          })
          .strict(),
      )
      .min(1),
    cod_fee_paise: paise.default(0),
    credits: z
      .array(
        z
          .object({
            reference: z.enum(["dark_coins", "live_test"]),
            reference_id: z.string().min(1),
            amount_paise: paise.min(1),
            metadata: z.record(z.string(), z.unknown()).default({}),
          })
          .strict(),
      )
      .default([]),
    metadata: z.record(z.string(), z.unknown()).default({}),
  })
  .strict()

export type InternalCheckoutCartType = z.infer<typeof InternalCheckoutCart>

/**
 * Completing a checkout cart: the payment provider that records how it was paid, its session data, and the shop's
 * order id, which the order carries in its metadata (`shop_order_id`) so ops find the shop's order from Medusa's.
 */
export const InternalCheckoutCompletion = z
  .object({
    provider_id: z.enum(["pp_razorpay_razorpay", "pp_cod_cod"]),
    data: z.record(z.string(), z.unknown()).default({}),
    shop_order_id: z
      .string()
      .regex(/^ord_[A-Za-z0-9]{1,40}$/)
      .optional(),
  })
  .strict()

export type InternalCheckoutCompletionType = z.infer<typeof InternalCheckoutCompletion>
