import type { PoolClient } from "pg"
import type { Db } from "./db.js"

/**
 * Runs `work` while holding a PostgreSQL advisory lock named by `key` (hashed), so requests that
 * change the same thing (one shopper's bag) run one after another, on every replica.
 */
export async function withAdvisoryLock<T>(db: Db, key: string, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect()
  try {
    return await holdingAdvisoryLock(client, key, work)
  } finally {
    client.release()
  }
}

/**
 * withAdvisoryLock on a connection the caller already holds (and may hold other locks on): work that
 * nests one lock in another takes one pooled connection, not two, so a busy pool can't deadlock on it.
 */
export async function holdingAdvisoryLock<T>(client: PoolClient, key: string, work: (client: PoolClient) => Promise<T>): Promise<T> {
  await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [key])
  try {
    return await work(client)
  } finally {
    await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [key])
  }
}
