const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 })
const counts = new Intl.NumberFormat("en-IN")

/** The console's one money formatter: paise shown as rupees with Indian digit grouping (₹1,23,456.00). */
export const formatPaise = (paise: number): string => rupees.format(paise / 100)

/** Whole counts with Indian digit grouping (1,23,456). */
export const formatCount = (value: number): string => counts.format(value)
