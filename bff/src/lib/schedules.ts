import type { PoolClient } from "pg"
import type { Db } from "./db.js"
import type { Logger } from "./logger.js"

/** Periodic work a feature module declares (FeatureModule's `schedules`); keepSchedules runs it once a period across replicas. */
export type Schedule = {
  /** Names the round's lock, its row in bff.schedule_rounds and its log lines: a new name is a new schedule. */
  name: string
  everyMs: number
  run: () => Promise<unknown>
}

export type Round<T> = { ran: true; value: T } | { ran: false }

/** A round counts as the schedule's for this share of its period: each replica's timer fires once a period, at its own moment. */
const ROUND_SHARE = 0.9

/** Marks a round started unless one started within the last `withinMs`; answers whether it did and when the last one had started. */
async function claimRound(client: PoolClient, name: string, withinMs: number): Promise<{ claimed: boolean; previous: Date | null }> {
  const { rows } = await client.query<{ previous: Date | null }>(
    `with previous as (select started_at from bff.schedule_rounds where name = $1)
     insert into bff.schedule_rounds as r (name, started_at) values ($1, now())
     on conflict (name) do update set started_at = now() where r.started_at <= now() - $2 * interval '1 millisecond'
     returning (select started_at from previous) as previous`,
    [name, withinMs],
  )
  return { claimed: rows.length > 0, previous: rows[0]?.previous ?? null }
}

/**
 * Runs one round of a schedule that every replica keeps on its own timer, so that the shop does it once a
 * round: the replica that takes the schedule's advisory lock (`pg_try_advisory_lock` on a connection of its
 * own, so the lock goes when the round ends or the process dies) runs it, unless another round started less
 * than 90% of `everyMs` ago; every other replica skips. A round that throws doesn't count: the next timer to
 * fire, on any replica, tries again. Runs on a connection of the pool; `work` uses the pool as usual.
 */
export async function runAsLeader<T>(db: Db, name: string, everyMs: number, work: () => Promise<T>): Promise<Round<T>> {
  const lock = `schedule:${name}`
  const client = await db.connect()
  // A connection whose unlock failed may still hold the lock: it is closed instead of going back to the pool.
  let broken: Error | undefined
  try {
    const { rows } = await client.query<{ leader: boolean }>("select pg_try_advisory_lock(hashtextextended($1, 0)) as leader", [lock])
    if (!rows[0]?.leader) return { ran: false }
    try {
      const round = await claimRound(client, name, Math.round(everyMs * ROUND_SHARE))
      if (!round.claimed) return { ran: false }
      try {
        return { ran: true, value: await work() }
      } catch (error) {
        if (round.previous) await client.query("update bff.schedule_rounds set started_at = $2 where name = $1", [name, round.previous])
        else await client.query("delete from bff.schedule_rounds where name = $1", [name])
        throw error
      }
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [lock]).catch((error: unknown) => {
        broken = error instanceof Error ? error : new Error(String(error))
      })
    }
  } finally {
    client.release(broken)
  }
}

/**
 * Runs each schedule every `everyMs`: every replica keeps the timer, and one of them a round does the work
 * (runAsLeader). A schedule that keeps failing (a database or Medusa outage) says so once, and once when it works
 * again. Answers the function that stops every timer.
 */
export function keepSchedules(db: Db, schedules: readonly Schedule[], logger: Logger): () => void {
  const timers = schedules.map(({ name, everyMs, run }) => {
    let failing = false
    const timer = setInterval(() => {
      runAsLeader(db, name, everyMs, run).then(
        () => {
          if (failing) logger.info(`${name} works again`)
          failing = false
        },
        (err: unknown) => {
          if (!failing) logger.warn({ err }, `${name} failed; retrying every round`)
          failing = true
        },
      )
    }, everyMs)
    timer.unref()
    return timer
  })
  return () => {
    for (const timer of timers) clearInterval(timer)
  }
}
