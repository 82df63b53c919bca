const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * The shop's one money formatter, for the storefront, the console, order messages and invoices: paise shown as
 * rupees with two decimals, a ₹ prefix and Indian digit grouping (₹1,29,999.00; -₹8.00).
 */
export function formatPaise(paise: number): string {
  return rupees.format((Number.isFinite(paise) ? Math.round(paise) : 0) / 100)
}
