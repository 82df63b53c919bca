import type { CreateCartAddressDTO } from "@medusajs/framework/types"
import { createWorkflow, parallelize, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  addShippingMethodToCartStep,
  createCartCreditLinesWorkflow,
  createCartWorkflow,
  listShippingOptionsForCartWithPricingWorkflow,
  upsertTaxLinesWorkflow,
} from "@medusajs/medusa/core-flows"
import { checkoutShippingMethod, type PricedShippingOption } from "../utils/checkout-shipping-method"

/** Amounts are in Medusa's major units (rupees), as its carts keep them. */
export type CreateCheckoutCartInput = {
  region_id: string
  sales_channel_id: string
  customer_id: string
  email: string
  address: CreateCartAddressDTO
  /** unit_price: the price the shop accepted the line for, kept as the line's custom price (tax-inclusive as the variant's). */
  items: { variant_id: string; quantity: number; unit_price: number; metadata: Record<string, unknown> }[]
  /** Cash on delivery's fee, carried by the shipping method; 0 for an online payment. */
  cod_fee: number
  credits: { reference: string; reference_id: string; amount: number; metadata: Record<string, unknown> }[]
  metadata: Record<string, unknown>
}

export const createCheckoutCartWorkflowId = "create-checkout-cart"

/**
 * The cart one checkout attempt pays for, whole or not at all: the lines (Medusa confirms their stock
 * first), the address, the standard shipping method with any COD fee, its tax lines and the credits
 * that lower the total. A failing step undoes the steps before it, so no half-built cart is left.
 */
export const createCheckoutCartWorkflow = createWorkflow(createCheckoutCartWorkflowId, (input: WorkflowData<CreateCheckoutCartInput>) => {
  const cartInput = transform({ input }, ({ input }) => ({
    region_id: input.region_id,
    sales_channel_id: input.sales_channel_id,
    customer_id: input.customer_id,
    email: input.email,
    currency_code: "inr",
    shipping_address: input.address,
    billing_address: input.address,
    items: input.items,
    metadata: input.metadata,
  }))
  const cart = createCartWorkflow.runAsStep({ input: cartInput })

  const options = listShippingOptionsForCartWithPricingWorkflow.runAsStep({ input: { cart_id: cart.id, is_return: false } })
  const shippingMethod = transform({ cart, options, input }, ({ cart, options, input }) =>
    checkoutShippingMethod(cart.id, options as PricedShippingOption[], input.cod_fee),
  )
  const shippingMethods = addShippingMethodToCartStep({ shipping_methods: [shippingMethod] })

  // Credits come after the shipping option was priced, so they never change the cart its price saw.
  const creditLines = transform({ cart, input }, ({ cart, input }) => input.credits.map((credit) => ({ cart_id: cart.id, ...credit })))
  parallelize(
    upsertTaxLinesWorkflow.runAsStep({ input: { cart_id: cart.id, items: [], shipping_methods: shippingMethods } }),
    createCartCreditLinesWorkflow.runAsStep({ input: creditLines }),
  )

  return new WorkflowResponse(cart)
})
