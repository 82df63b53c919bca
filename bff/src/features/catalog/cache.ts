import { createHash } from "node:crypto"
import type { Logger } from "../../lib/logger.js"
import { metrics } from "../../lib/metrics.js"
import { optionalRedis, type Redis } from "../../lib/redis.js"
import { remembered, touched } from "../../lib/recently-used.js"

const TTL_SECONDS = 60
const LOCAL_ENTRIES = 500
/**
 * New answers Redis takes per minute (one TTL), by kind, so at most twice these live at once whatever
 * arrives: the listings shoppers open in a minute are a few hundred, product pages a few thousand at a
 * drop, searches and their suggestions as many as listings. Past a budget an answer is sent without being
 * stored until the next minute, while the ones already cached keep serving. With answers of tens of KB this keeps the cache within ~200 MB of Redis's 256 MB.
 */
export const STORED_PER_MINUTE = { listing: 1000, product: 2000, search: 1000 } as const
/** How long a replica trusts its copy of the catalogue version when a change message could have been missed. */
const VERSION_RECHECK_MS = 1000

/**
 * A catalogue answer ready to send: the JSON bytes and their ETag, made once per cache fill; gzip and the
 * parsed data (`T`, what the bytes say) made on first need and kept with the answer.
 */
export type CachedAnswer<T = unknown> = { body: Buffer; etag: string; gzipped?: Buffer; data?: T }

/** What a cached answer says, parsed once per answer: the API sends the bytes, the server-filled pages read the data. */
export function answerData<T>(answer: CachedAnswer<T>): T {
  return (answer.data ??= JSON.parse(answer.body.toString("utf8")) as T)
}

/** An answer for these JSON bytes, with an ETag that depends only on them. */
function answerOfBytes<T>(body: Buffer): CachedAnswer<T> {
  return { body, etag: `W/"${createHash("sha1").update(body).digest("base64url")}"` }
}

export function answerOf<T>(json: string): CachedAnswer<T> {
  return answerOfBytes<T>(Buffer.from(json))
}

/**
 * Cached catalogue answers, keyed by a catalogue version: every change to the read model bumps the
 * version, so no answer outlives the change that made it stale.
 */
export type CatalogCache = {
  /**
   * The cached answer for `key`, or `compute()`'s (JSON text of a `T`), stored under the version read before
   * computing, while the minute's budget for its kind lasts (STORED_PER_MINUTE).
   */
  cached<T>(key: string, compute: () => Promise<string>, kind: AnswerKind): Promise<CachedAnswer<T>>
  invalidate(): Promise<void>
  close(): void
}

export type AnswerKind = keyof typeof STORED_PER_MINUTE

/**
 * A bounded in-process map of answers for one catalogue version; a new version empties it. The least
 * recently used answer goes first, so a run of one-off reads can't push out the listings shoppers keep opening.
 */
function localAnswers() {
  let version: string | undefined
  const entries = new Map<string, CachedAnswer>()
  return {
    get(atVersion: string, key: string) {
      return version === atVersion ? touched(entries, key, entries.get(key)) : undefined
    },
    set(atVersion: string, key: string, answer: CachedAnswer) {
      if (version !== atVersion) {
        version = atVersion
        entries.clear()
      }
      remembered(entries, key, answer, LOCAL_ENTRIES)
    },
    clear() {
      version = undefined
      entries.clear()
    },
  }
}

/**
 * How long one Redis call may take before the answer comes from PostgreSQL instead: Redis answers in about a
 * millisecond, so this is only reached when it is gone or stuck, and it stays well under what a shopper notices.
 */
export const REDIS_TIMEOUT_MS = 200
/** After a Redis failure, how long answers come from PostgreSQL before Redis is tried again. */
export const REDIS_PAUSE_MS = 5_000

export type RedisCatalogCacheOptions = {
  timeoutMs?: number
  pauseMs?: number
  logger?: Pick<Logger, "warn" | "info"> | undefined
}

/**
 * Shared answers in Redis for every replica, with a copy in each process. A change INCRs the version
 * and PUBLISHes it, so every replica drops its copies at once; each also re-reads the version every
 * second in case a message was lost, so no answer is stale for more than that.
 *
 * Redis is a cache, not a dependency: while it fails or hangs (REDIS_TIMEOUT_MS), answers are computed from
 * PostgreSQL and not stored, and it is tried again every REDIS_PAUSE_MS. A change that could not be recorded
 * meanwhile is recorded (the version bumped) before anything is read from Redis again, retried until it is.
 */
export function redisCatalogCache(redis: Redis, prefix: string, options: RedisCatalogCacheOptions = {}): CatalogCache {
  const { timeoutMs = REDIS_TIMEOUT_MS, pauseMs = REDIS_PAUSE_MS, logger } = options
  const shared = optionalRedis({
    timeoutMs,
    pauseMs,
    logger,
    messages: {
      outage: "catalogue answers come from PostgreSQL, uncached: Redis failed or was slow",
      recovery: "catalogue answers are cached in Redis again",
    },
  })
  const versionKey = `${prefix}catalog:version`
  const channel = `${prefix}catalog:changed`
  const local = localAnswers()
  const subscriber = redis.duplicate()
  let known: { version: string; at: number } | undefined
  /** Changes made in this process, and how many of them a version bump in Redis covers. */
  let changes = 0
  let recorded = 0
  let recording: Promise<boolean> | undefined
  let retry: NodeJS.Timeout | undefined
  let closed = false

  subscriber.on("message", (_channel: string, version: string) => {
    known = { version, at: Date.now() }
  })
  subscriber.on("error", () => undefined)
  // After a reconnect the subscription is back, but messages sent meanwhile are gone: re-read the version.
  subscriber.on("ready", () => (known = undefined))
  void subscriber.subscribe(channel).catch(() => undefined)

  /** The catalogue version, or undefined while Redis is out. */
  async function currentVersion(): Promise<string | undefined> {
    if (known && Date.now() - known.at < VERSION_RECHECK_MS) return known.version
    const stored = await shared.call(() => redis.get(versionKey))
    if (stored === undefined) return undefined
    const version = stored ?? "0"
    known = { version, at: Date.now() }
    return version
  }

  /** Whether one more answer of this kind may be stored this minute (the count is shared by every replica). */
  async function admitted(kind: AnswerKind): Promise<boolean> {
    const budgetKey = `${prefix}catalog:stored:${kind}:${Math.floor(Date.now() / (TTL_SECONDS * 1000))}`
    const replies = await shared.call(() =>
      redis
        .multi()
        .incr(budgetKey)
        .expire(budgetKey, 2 * TTL_SECONDS)
        .exec(),
    )
    const stored = replies?.[0]?.[1]
    return typeof stored === "number" && stored <= STORED_PER_MINUTE[kind]
  }

  /** Bumps the version for every change made here so far, and tells every replica; false when Redis is out. */
  async function bumpVersion(): Promise<boolean> {
    // Read before the INCR is sent, so the bump covers only changes written before it.
    const upTo = changes
    const bumped = await shared.call(() => redis.incr(versionKey))
    if (bumped === undefined) return false
    recorded = Math.max(recorded, upTo)
    const version = String(bumped)
    known = { version, at: Date.now() }
    // Unheard, the other replicas still re-read the version within VERSION_RECHECK_MS.
    await shared.call(() => redis.publish(channel, version))
    return true
  }

  /** While Redis is out, its changes are recorded again every pause, requests or not. */
  function retryLater() {
    if (closed || retry) return
    retry = setTimeout(() => {
      retry = undefined
      void recordChanges()
    }, pauseMs).unref()
  }

  /**
   * Records this process's changes in Redis, one bump at a time whoever asks; while Redis is out, keeps retrying,
   * so what Redis holds from before a change is never read again even if no request comes.
   */
  async function recordChanges(): Promise<boolean> {
    while (recorded < changes) {
      recording ??= bumpVersion().finally(() => (recording = undefined))
      if (!(await recording)) {
        retryLater()
        return false
      }
    }
    return true
  }

  return {
    async cached<T>(key: string, compute: () => Promise<string>, kind: AnswerKind) {
      const fromPostgres = async () => answerOf<T>(await compute())
      // What Redis holds may predate a change it has not heard of yet.
      if (recorded < changes && !(await recordChanges())) return fromPostgres()
      const version = await currentVersion()
      if (version === undefined) return fromPostgres()
      // A key names one read, so what is stored under it is always that read's answer (a T).
      const copy = local.get(version, key) as CachedAnswer<T> | undefined
      if (copy) return copy
      const entryKey = `${prefix}catalog:${version}:${key}`
      const stored = await shared.call(() => redis.getBuffer(entryKey))
      if (stored) {
        const answer = answerOfBytes<T>(stored)
        local.set(version, key, answer)
        return answer
      }
      const answer = await fromPostgres()
      // Redis out (undefined) or over the minute's budget: sent without being stored.
      if (stored === undefined || !(await admitted(kind))) return answer
      if ((await shared.call(() => redis.set(entryKey, answer.body, "EX", TTL_SECONDS))) === undefined) return answer
      local.set(version, key, answer)
      return answer
    },
    async invalidate() {
      changes += 1
      local.clear()
      known = undefined
      await recordChanges()
    },
    close() {
      closed = true
      clearTimeout(retry)
      subscriber.disconnect()
    },
  }
}

/** Without Redis: answers kept in this process only. */
export function memoryCatalogCache(now: () => number = Date.now): CatalogCache {
  const entries = new Map<string, { answer: CachedAnswer; expiresAt: number; version: number }>()
  let version = 0
  return {
    async cached<T>(key: string, compute: () => Promise<string>) {
      const entry = entries.get(key)
      if (entry && entry.version === version && entry.expiresAt > now()) return touched(entries, key, entry)!.answer as CachedAnswer<T>
      const readAt = version
      const answer = answerOf<T>(await compute())
      remembered(entries, key, { answer, expiresAt: now() + TTL_SECONDS * 1000, version: readAt }, LOCAL_ENTRIES)
      return answer
    },
    async invalidate() {
      version += 1
      entries.clear()
    },
    close: () => undefined,
  }
}

/** A cache that keeps nothing (CATALOG_CACHE=off): every answer comes from PostgreSQL. */
export const noCatalogCache: CatalogCache = {
  cached: async <T>(_key: string, compute: () => Promise<string>) => answerOf<T>(await compute()),
  invalidate: async () => undefined,
  close: () => undefined,
}

/** The cache with each lookup counted in the metrics: a hit when it answered without computing. */
export function withLookupsCounted(cache: CatalogCache): CatalogCache {
  return {
    async cached<T>(key: string, compute: () => Promise<string>, kind: AnswerKind) {
      let computed = false
      const answer = await cache.cached<T>(
        key,
        () => {
          computed = true
          return compute()
        },
        kind,
      )
      metrics.catalogCacheLookup(!computed)
      return answer
    },
    invalidate: () => cache.invalidate(),
    close: () => cache.close(),
  }
}
