import { createHash } from "node:crypto"
import type { Redis } from "../../lib/redis.js"

const TTL_SECONDS = 60
const LOCAL_ENTRIES = 500
/**
 * New answers Redis takes per minute (one TTL), by kind, so at most twice these live at once whatever
 * arrives: the listings shoppers open in a minute are a few hundred, product pages a few thousand at a
 * drop. Past a budget an answer is sent without being stored until the next minute, while the ones already
 * cached keep serving. With answers of tens of KB this keeps the cache within ~200 MB of Redis's 256 MB.
 */
export const STORED_PER_MINUTE = { listing: 1000, product: 2000 } as const
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

/** Keeps `key` as the most recently used entry of a Map kept in use order, so the least used goes first. */
function touched<V>(entries: Map<string, V>, key: string, value: V | undefined): V | undefined {
  if (value !== undefined) {
    entries.delete(key)
    entries.set(key, value)
  }
  return value
}

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
      if (entries.size >= LOCAL_ENTRIES) entries.delete(entries.keys().next().value!)
      entries.set(key, answer)
    },
  }
}

/**
 * Shared answers in Redis for every replica, with a copy in each process. A change INCRs the version
 * and PUBLISHes it, so every replica drops its copies at once; each also re-reads the version every
 * second in case a message was lost, so no answer is stale for more than that.
 */
export function redisCatalogCache(redis: Redis, prefix: string): CatalogCache {
  const versionKey = `${prefix}catalog:version`
  const channel = `${prefix}catalog:changed`
  const local = localAnswers()
  const subscriber = redis.duplicate()
  let known: { version: string; at: number } | undefined

  subscriber.on("message", (_channel: string, version: string) => {
    known = { version, at: Date.now() }
  })
  subscriber.on("error", () => undefined)
  // After a reconnect the subscription is back, but messages sent meanwhile are gone: re-read the version.
  subscriber.on("ready", () => (known = undefined))
  void subscriber.subscribe(channel).catch(() => undefined)

  async function currentVersion(): Promise<string> {
    if (known && Date.now() - known.at < VERSION_RECHECK_MS) return known.version
    const version = (await redis.get(versionKey)) ?? "0"
    known = { version, at: Date.now() }
    return version
  }

  /** Whether one more answer of this kind may be stored this minute (the count is shared by every replica). */
  async function admitted(kind: AnswerKind): Promise<boolean> {
    const budgetKey = `${prefix}catalog:stored:${kind}:${Math.floor(Date.now() / (TTL_SECONDS * 1000))}`
    const [[, stored]] = (await redis
      .multi()
      .incr(budgetKey)
      .expire(budgetKey, 2 * TTL_SECONDS)
      .exec()) as [[Error | null, number]]
    return stored <= STORED_PER_MINUTE[kind]
  }

  return {
    async cached<T>(key: string, compute: () => Promise<string>, kind: AnswerKind) {
      const version = await currentVersion()
      // A key names one read, so what is stored under it is always that read's answer (a T).
      const copy = local.get(version, key) as CachedAnswer<T> | undefined
      if (copy) return copy
      const entryKey = `${prefix}catalog:${version}:${key}`
      const shared = await redis.getBuffer(entryKey)
      if (shared) {
        const answer = answerOfBytes<T>(shared)
        local.set(version, key, answer)
        return answer
      }
      const answer = answerOf<T>(await compute())
      if (!(await admitted(kind))) return answer
      await redis.set(entryKey, answer.body, "EX", TTL_SECONDS)
      local.set(version, key, answer)
      return answer
    },
    async invalidate() {
      const version = String(await redis.incr(versionKey))
      known = { version, at: Date.now() }
      await redis.publish(channel, version)
    },
    close() {
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
      if (entries.size >= LOCAL_ENTRIES) entries.delete(entries.keys().next().value!)
      entries.set(key, { answer, expiresAt: now() + TTL_SECONDS * 1000, version: readAt })
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
