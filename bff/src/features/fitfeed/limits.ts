import { perUserAndAddress, type Limit } from "../../http/rate-limit.js"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export type FitfeedAction = "post" | "comment" | "like" | "follow" | "report"

/** Per person, in one window: generous for people, tight for scripts. */
const PER_USER: Record<FitfeedAction, { limit: number; windowMs: number }> = {
  post: { limit: 10, windowMs: HOUR },
  comment: { limit: 30, windowMs: 10 * MINUTE },
  like: { limit: 300, windowMs: 10 * MINUTE },
  follow: { limit: 100, windowMs: HOUR },
  report: { limit: 20, windowMs: DAY },
}

/** An address may be shared (a campus, an office, a mobile carrier's NAT): ten people's worth. */
const PEOPLE_PER_ADDRESS = 10

/** The per-person and per-address limits of an action; `addressScale` widens the address ones (load tests from one address). */
export function fitfeedLimits(action: FitfeedAction, addressScale = 1): Limit[] {
  const { limit, windowMs } = PER_USER[action]
  return perUserAndAddress(`fitfeed-${action}`, windowMs, limit, limit * PEOPLE_PER_ADDRESS * addressScale)
}
