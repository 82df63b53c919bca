import type { PoolClient } from "pg"
import type { Db } from "./db.js"

/**
 * Runs `work` while holding a PostgreSQL advisory lock named by `key` (hashed), so requests that
 * change the same thing (one shopper's bag) run one after another, on every replica.
 */
export async function withAdvisoryLock<T>(db: Db, key: string, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect()
  // A connection whose unlock failed may still hold the lock: it is closed instead of going back to the pool, which
  // ends its session and the lock with it. Work that was done stays done: its answer is given all the same.
  let broken: Error | undefined
  const unlock = () =>
    client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [key]).then(
      () => undefined,
      (error: unknown) => {
        broken = error instanceof Error ? error : new Error(String(error))
      },
    )
  try {
    await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [key])
    let answer: T
    try {
      answer = await work(client)
    } catch (error) {
      await unlock()
      throw error
    }
    await unlock()
    return answer
  } finally {
    client.release(broken)
  }
}
