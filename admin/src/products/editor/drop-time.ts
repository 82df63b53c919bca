/**
 * A drop's start as the editor shows it (a datetime-local value, "2026-12-07T20:00", read as India time)
 * and as the contract takes it (ISO 8601 with its offset). India keeps +05:30 all year: no daylight saving.
 */
const INDIA_OFFSET = "+05:30"
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/

/** "2026-12-07T20:00" in India → "2026-12-07T20:00:00+05:30"; anything else is passed on for the contract to refuse. */
export function indiaLocalToIso(local: string): string {
  const typed = local.trim()
  const match = LOCAL_TIME.exec(typed)
  if (!match) return typed
  return `${typed}${match[1] ? "" : ":00"}${INDIA_OFFSET}`
}

/** Any ISO instant → the datetime-local value of the same moment in India ("" when unreadable). */
export function isoToIndiaLocal(iso: string): string {
  const at = Date.parse(iso)
  return Number.isNaN(at) ? "" : new Date(at + INDIA_OFFSET_MS).toISOString().slice(0, 16)
}
