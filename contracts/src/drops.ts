/**
 * Scheduled drops (issue 47): a product staff set to open for sale at a moment, with a per-shopper limit.
 * Without zod, so the storefront's countdown can use the same words and clock as the BFF's refusal.
 */

/** A product's drop as the console saves it and the shop answers it: when it opens, and how many one shopper may buy. */
export type Drop = { startsAt: string; limitPerShopper: number }

export const DROP_LIMIT_MIN = 1
export const DROP_LIMIT_MAX = 10
export const DROP_LIMIT_DEFAULT = 1
/** Where the shop's customers are: a drop's time is shown and entered in India time. */
export const DROP_TIME_ZONE = "Asia/Kolkata"

export const DROP_MESSAGES = {
  startsAt: "Set when the drop opens: a date and time with its offset from UTC (India: +05:30)",
  limit: `Limit per shopper must be a whole number from ${DROP_LIMIT_MIN} to ${DROP_LIMIT_MAX}`,
} as const

const indiaTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: DROP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
})

/** "7 Dec 2026, 8:00 pm IST": assembled from parts, so every engine's punctuation and case read alike. */
export function indiaDateTime(at: string | Date): string {
  const parts = Object.fromEntries(indiaTime.formatToParts(new Date(at)).map((part) => [part.type, part.value]))
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? "").toLowerCase()} IST`
}

/** What ADD TO BAG and checkout answer (409) before a drop opens. */
export const dropOpensMessage = (startsAt: string): string => `This drop opens at ${indiaDateTime(startsAt)}`

/** Whether a product can be sold now: no drop, or its start has come. */
export const dropHasOpened = (drop: Pick<Drop, "startsAt"> | null | undefined, now: Date = new Date()): boolean =>
  !drop || Date.parse(drop.startsAt) <= now.getTime()

/** Where the shop lists its upcoming and live drops (`DropsAnswer`). */
export const DROPS_PATH = "/api/drops"

/**
 * A drop as `GET /api/drops` lists it: `live` once it has opened while units remain; `remaining` the true count of its
 * units not yet held by anyone's checkout (stock less the holds that count), never rounded up.
 */
export type DropListing = { productId: string; title: string; startsAt: string; live: boolean; remaining: number }
export type DropsAnswer = { drops: DropListing[] }

/** What ADD TO BAG and checkout answer (409) to a shopper (any account of their inbox) past a drop's limit. */
export const dropLimitMessage = (limitPerShopper: number): string =>
  `This drop is limited to ${limitPerShopper} ${limitPerShopper === 1 ? "piece" : "pieces"} per person, and you already have ${limitPerShopper === 1 ? "it" : "them"}.`
