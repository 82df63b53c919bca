import type { Request, RequestHandler } from "express"
import type { RateLimiter, RateLimitResult } from "../lib/rate-limit.js"
import { addressKey } from "./client-address.js"
import { tooManyRequests } from "./errors.js"

export type Limit = { name: string; limit: number; windowMs: number; key: (req: Request) => string | undefined }

/**
 * A signed-in person's budget (`name-user`) beside their address's (`name-ip`): the address one is a few
 * people's worth, as an address may be shared (a campus, an office, a mobile carrier's NAT), and stops
 * one person rotating accounts. Goes after authentication in the route's line, so the person is known.
 */
export function perUserAndAddress(name: string, windowMs: number, perUser: number, perAddress: number): Limit[] {
  return [
    { name: `${name}-user`, limit: perUser, windowMs, key: (req) => req.user?.id },
    { name: `${name}-ip`, limit: perAddress, windowMs, key: (req) => addressKey(req.ip) },
  ]
}

/** Counts one hit against each limit that has a key for this request (in one go); the first one exceeded, if any. */
async function countHit(limiter: RateLimiter, req: Request, limits: Limit[]): Promise<RateLimitResult | undefined> {
  const keyed = limits.flatMap((limit) => {
    const key = limit.key(req)
    return key ? [{ key: `${limit.name}:${key}`, limit: limit.limit, windowMs: limit.windowMs }] : []
  })
  return (await limiter.hit(keyed)).find((result) => !result.allowed)
}

/** Counts one attempt against each limit (in one go); the first one exceeded answers 429 with Retry-After. */
export async function enforceLimits(limiter: RateLimiter, req: Request, limits: Limit[]): Promise<void> {
  const refused = await countHit(limiter, req, limits)
  if (refused) {
    const minutes = Math.ceil(refused.retryAfterSeconds / 60)
    throw tooManyRequests(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, refused.retryAfterSeconds)
  }
}

/**
 * Counts one use of a budget that must not refuse anyone (mails to an address): true while every limit has room.
 * The caller answers as usual either way and only skips the costly part.
 */
export async function withinLimits(limiter: RateLimiter, req: Request, limits: Limit[]): Promise<boolean> {
  return !(await countHit(limiter, req, limits))
}

/** enforceLimits as a step in a route's line, after authentication so per-user limits know the user. */
export function rateLimit(limiter: RateLimiter, limits: Limit[]): RequestHandler {
  return async (req, _res, next) => {
    await enforceLimits(limiter, req, limits)
    next()
  }
}

/** A step that applies only to the requests `applies` picks (a checkout that saves a new address); the rest pass. */
export function onlyWhen(applies: (req: Request) => boolean, step: RequestHandler): RequestHandler {
  return (req, res, next) => (applies(req) ? step(req, res, next) : next())
}
