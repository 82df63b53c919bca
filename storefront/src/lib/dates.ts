/** The shop sells in India, so a day is India's day wherever the shopper is. */
const SHORT_DATE = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" })

/** "14 Mar 2025", the India day an order, a ledger entry or an older post shows; '' for a time that can't be read. */
export function formatShortDate(time: string | number): string {
  const date = new Date(time)
  return Number.isNaN(date.getTime()) ? "" : SHORT_DATE.format(date)
}

const DELIVERY_DAY = new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" })

/** "Tue, 2 Dec" for a calendar day `yyyy-mm-dd` (read as that day wherever the shopper is); '' when unreadable. */
export function formatDeliveryDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? "" : DELIVERY_DAY.format(date)
}
