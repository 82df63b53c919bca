const SHORT_DATE = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" })

/** "14 Mar 2025", as orders, the ledger and older posts show a day; '' for a time that can't be read. */
export function formatShortDate(time: string | number): string {
  const date = new Date(time)
  return Number.isNaN(date.getTime()) ? "" : SHORT_DATE.format(date)
}
