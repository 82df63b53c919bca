import type { CreateShippingMethodDTO } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"

/** A shipping option as Medusa prices it for a cart (listShippingOptionsForCartWithPricingWorkflow). */
export type PricedShippingOption = { id: string; name: string; amount?: number | null; is_tax_inclusive?: boolean | null }

/** What ops read in the dashboard's shipping line of a cash-on-delivery order. */
export const COD_FEE_NAME_SUFFIX = " + cash on delivery fee"

// Cart shipping methods keep these too (as Medusa's own addShippingMethodToCartWorkflow sets them); the DTO omits them.
type CheckoutShippingMethod = CreateShippingMethodDTO & { is_tax_inclusive: boolean; metadata: Record<string, unknown> | null }

/**
 * The cart's shipping method: the first priced option serving the address, its amount raised by the
 * cash-on-delivery fee (in Medusa's major units) when there is one. The fee rides on the shipment
 * rather than as an order line no parcel carries, so a delivered order reads delivered.
 */
export function checkoutShippingMethod(cartId: string, options: PricedShippingOption[], codFee: number): CheckoutShippingMethod {
  const option = options.find((candidate) => typeof candidate.amount === "number")
  if (!option || typeof option.amount !== "number") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "No shipping option serves this address")
  }
  const method = { cart_id: cartId, shipping_option_id: option.id, is_tax_inclusive: option.is_tax_inclusive === true, data: {} }
  if (codFee <= 0) return { ...method, name: option.name, amount: option.amount, metadata: null }
  return {
    ...method,
    name: `${option.name}${COD_FEE_NAME_SUFFIX}`,
    amount: MathBN.add(option.amount, codFee).toNumber(),
    metadata: { cod_fee_amount: codFee, shipping_option_amount: option.amount },
  }
}
