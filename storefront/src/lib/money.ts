/** The one price formatter: paise ÷ 100, two decimals, ₹ prefix, no grouping (as the spec shows prices). */
export function formatPaise(paise: number): string {
  const amount = Number.isFinite(paise) ? Math.round(paise) : 0
  const absolute = Math.abs(amount)
  const rupees = Math.floor(absolute / 100)
  const fraction = String(absolute % 100).padStart(2, "0")
  return `${amount < 0 ? "-" : ""}₹${String(rupees)}.${fraction}`
}
