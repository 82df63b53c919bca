/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000

/** An instant as India's wall clock reads it, ISO-shaped (`yyyy-mm-ddThh:mm:ss.sssZ`, the Z meaning nothing here). */
export const indiaClock = (at: number): string => new Date(at + INDIA_OFFSET_MS).toISOString()

/** The India calendar day of an instant, `yyyy-mm-dd`. */
export const indiaDay = (at: number): string => indiaClock(at).slice(0, 10)

/** Seconds until the India calendar day after `at` begins. */
export const secondsToIndiaMidnight = (at: number): number => Math.ceil((86_400_000 - ((at + INDIA_OFFSET_MS) % 86_400_000)) / 1000)
