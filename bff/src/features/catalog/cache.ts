import type { Redis } from "../../lib/redis.js"

const TTL_SECONDS = 60
const MEMORY_ENTRIES = 500

/**
 * Cached catalogue answers, keyed by a catalogue version: every change to the read model bumps the
 * version, so no answer outlives the change that made it stale (in Redis for every replica, or in
 * this process without Redis).
 */
export type CatalogCache = {
  /** The cached answer for `key`, or `compute()`'s, stored under the version read before computing. */
  cached<T>(key: string, compute: () => Promise<T>): Promise<T>
  invalidate(): Promise<void>
}

export function redisCatalogCache(redis: Redis, prefix: string): CatalogCache {
  const versionKey = `${prefix}catalog:version`
  return {
    async cached(key, compute) {
      const version = (await redis.get(versionKey)) ?? "0"
      const entryKey = `${prefix}catalog:${version}:${key}`
      const hit = await redis.get(entryKey)
      if (hit !== null) return JSON.parse(hit)
      const value = await compute()
      await redis.set(entryKey, JSON.stringify(value), "EX", TTL_SECONDS)
      return value
    },
    async invalidate() {
      await redis.incr(versionKey)
    },
  }
}

export function memoryCatalogCache(now: () => number = Date.now): CatalogCache {
  const entries = new Map<string, { value: string; expiresAt: number; version: number }>()
  let version = 0
  return {
    async cached(key, compute) {
      const entry = entries.get(key)
      if (entry && entry.version === version && entry.expiresAt > now()) return JSON.parse(entry.value)
      const readAt = version
      const value = await compute()
      if (entries.size >= MEMORY_ENTRIES) entries.delete(entries.keys().next().value!)
      entries.set(key, { value: JSON.stringify(value), expiresAt: now() + TTL_SECONDS * 1000, version: readAt })
      return value
    },
    async invalidate() {
      version += 1
      entries.clear()
    },
  }
}

/** A cache that keeps nothing: for the benchmark of the uncached path. */
export const noCatalogCache: CatalogCache = {
  cached: (_key, compute) => compute(),
  invalidate: async () => undefined,
}
