import { Redis } from "ioredis"
import type { Logger } from "./logger.js"

export type { Redis }

export function createRedis(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: 2 })
}

export type OptionalRedisOptions = {
  /** How long a call may take before the caller goes on without it. */
  timeoutMs: number
  /** After a failure Redis is left alone this long, so an outage doesn't add the timeout to every request. */
  pauseMs: number
  now?: () => number
  logger?: Pick<Logger, "warn" | "info"> | undefined
  /** Logged at warn when an outage starts, and at info when it ends. */
  messages: { outage: string; recovery: string }
}

/** Calls to Redis that a caller can do without: each answers its result, or `undefined` when Redis is out. */
export type OptionalRedis = {
  call<T>(work: () => Promise<T>): Promise<T | undefined>
}

/**
 * Redis for work that has another way (a cache, a counter with a local stand-in): a call that fails or is slower
 * than the timeout answers `undefined`, and Redis is then left alone for a pause; after it one call at a time tries
 * again, and the first that succeeds ends the outage. An outage is logged once when it starts and once when it ends.
 */
export function optionalRedis({ timeoutMs, pauseMs, now = Date.now, logger, messages }: OptionalRedisOptions): OptionalRedis {
  let pausedUntil = 0
  let out = false
  let probing = false
  return {
    async call(work) {
      if (now() < pausedUntil || probing) return undefined
      // While out, this call is the one probe; a late success of a call made before the outage ends nothing.
      const probe = out
      probing = probe
      try {
        const result = await withTimeout(work(), timeoutMs)
        if (probe) {
          out = false
          logger?.info(messages.recovery)
        }
        return result
      } catch (error) {
        pausedUntil = now() + pauseMs
        if (!out) logger?.warn({ err: error }, messages.outage)
        out = true
        return undefined
      } finally {
        if (probe) probing = false
      }
    },
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  // The late answer (or failure) of a call given up on is dropped, never left unhandled.
  work.catch(() => undefined)
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}
