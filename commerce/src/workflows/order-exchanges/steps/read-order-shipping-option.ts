import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderShippingOption } from "../../../lib/order-exchanges"

export const readOrderShippingOptionStepId = "read-order-shipping-option"

/** The shipping option the order went out with, which its exchange's new sizes go out with too. It only reads. */
export const readOrderShippingOptionStep = createStep(readOrderShippingOptionStepId, async (orderId: string, { container }) => {
  return new StepResponse(await orderShippingOption(container, orderId))
})
