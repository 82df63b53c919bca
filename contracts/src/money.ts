/**
 * 10000 paise (₹100) for cash on delivery; online payments have none. Shown before checkout too, so it is never a
 * surprise: kept here, beside the formatter and free of zod, so the first page's JavaScript can say it.
 */
export const COD_FEE_PAISE = 10_000

const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * The shop's one money formatter, for the storefront, the console, order messages and invoices: paise shown as
 * rupees with two decimals, a ₹ prefix and Indian digit grouping (₹1,29,999.00; -₹8.00).
 */
export function formatPaise(paise: number): string {
  return rupees.format((Number.isFinite(paise) ? Math.round(paise) : 0) / 100)
}

/**
 * Splits `amount` across `weights` in proportion, with largest-remainder rounding: the shares add up to `amount`
 * exactly and none exceeds its weight (when `amount` is at most their sum). Ties go to the earlier weight.
 */
export function shareInProportion(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0)
  if (amount === 0 || sum === 0) return weights.map(() => 0)
  const shares = weights.map((weight) => Math.floor((amount * weight) / sum))
  const remainders = weights.map((weight, index) => ({ index, remainder: (amount * weight) % sum }))
  let left = amount - shares.reduce((total, share) => total + share, 0)
  remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of remainders) {
    if (left === 0) break
    shares[index] = (shares[index] ?? 0) + 1
    left--
  }
  return shares
}
