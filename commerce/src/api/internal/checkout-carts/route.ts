import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  addShippingMethodToCartWorkflow,
  addToCartWorkflow,
  createCartCreditLinesWorkflow,
  createCartWorkflow,
  listShippingOptionsForCartWorkflow,
} from "@medusajs/medusa/core-flows"
import { MedusaError } from "@medusajs/framework/utils"
import { checkoutCartView, shopContext, stockShortfalls } from "./helpers"
import type { InternalCheckoutCartType } from "./validators"

export const COD_FEE_LINE_TITLE = "Cash on delivery fee"

/**
 * Makes the cart one checkout attempt pays for: the shopper's lines, address and standard shipping,
 * the COD fee as its own line and the credits that lower the total. Stock too short for a line is a
 * 409 naming the variants, so the BFF can say which item ran out before anyone pays.
 */
export const POST = async (req: MedusaRequest<InternalCheckoutCartType>, res: MedusaResponse) => {
  const body = req.validatedBody
  const { regionId, salesChannelId } = await shopContext(req.scope)
  const shortfalls = await stockShortfalls(req.scope, salesChannelId, body.items)
  if (shortfalls.length) {
    res.status(409).json({ type: "out_of_stock", message: "Some items are out of stock", shortfalls })
    return
  }

  const address = { ...body.shipping_address, last_name: body.shipping_address.last_name ?? "", address_2: body.shipping_address.address_2 ?? "" }
  const { result: cart } = await createCartWorkflow(req.scope).run({
    input: {
      region_id: regionId,
      sales_channel_id: salesChannelId,
      customer_id: body.customer_id,
      email: body.email,
      currency_code: "inr",
      shipping_address: address,
      billing_address: address,
      items: body.items,
      metadata: body.metadata,
    },
  })

  const { result: options } = await listShippingOptionsForCartWorkflow(req.scope).run({ input: { cart_id: cart.id } })
  const option = (options as { id: string }[])[0]
  if (!option) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "No shipping option serves this address")
  await addShippingMethodToCartWorkflow(req.scope).run({ input: { cart_id: cart.id, options: [{ id: option.id }] } })

  if (body.cod_fee_paise > 0) {
    await addToCartWorkflow(req.scope).run({
      input: {
        cart_id: cart.id,
        items: [
          {
            title: COD_FEE_LINE_TITLE,
            quantity: 1,
            unit_price: body.cod_fee_paise / 100,
            is_tax_inclusive: true,
            requires_shipping: false,
            is_discountable: false,
            metadata: { kind: "cod_fee" },
          },
        ],
      },
    })
  }
  if (body.credits.length) {
    await createCartCreditLinesWorkflow(req.scope).run({
      input: body.credits.map((credit) => ({
        cart_id: cart.id,
        amount: credit.amount_paise / 100,
        reference: credit.reference,
        reference_id: credit.reference_id,
        metadata: credit.metadata,
      })),
    })
  }
  res.status(201).json({ cart: await checkoutCartView(req.scope, cart.id) })
}
