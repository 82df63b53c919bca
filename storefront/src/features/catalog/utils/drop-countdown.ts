const SECOND_MS = 1000
const MINUTE_S = 60
const HOUR_S = 60 * MINUTE_S
const DAY_S = 24 * HOUR_S

const twoDigits = (value: number) => String(value).padStart(2, "0")

/** Whole seconds from `now` until `at` (ms since the epoch), rounded up: 0 only once `at` has come. */
export const secondsUntil = (at: number, now: number): number => Math.max(0, Math.ceil((at - now) / SECOND_MS))

/** How long until the seconds left next change: to the next whole second before `at`. */
export const msToNextTick = (msLeft: number): number => msLeft % SECOND_MS || SECOND_MS

/** "2d 04:13:09" (or "04:13:09" under a day): the time left until a drop opens. */
export function countdownText(secondsLeft: number): string {
  const days = Math.floor(secondsLeft / DAY_S)
  const clock = [Math.floor((secondsLeft % DAY_S) / HOUR_S), Math.floor((secondsLeft % HOUR_S) / MINUTE_S), secondsLeft % MINUTE_S].map(twoDigits).join(":")
  return days > 0 ? `${String(days)}d ${clock}` : clock
}
