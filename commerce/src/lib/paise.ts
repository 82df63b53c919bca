import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"

/** Medusa keeps INR amounts in rupees (major units); Razorpay and the BFF count whole paise. */
export function toPaise(rupees: BigNumberInput): number {
  return MathBN.mult(rupees, 100).decimalPlaces(0).toNumber()
}

/** Whole paise as the rupees Medusa keeps. */
export function toRupees(paise: number): number {
  return MathBN.div(paise, 100).toNumber()
}
