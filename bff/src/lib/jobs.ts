import type { Db } from "./db.js"
import type { Logger } from "./logger.js"

type Queryable = Pick<Db, "query">

export type Job = {
  id: string
  kind: string
  key: string
  payload: Record<string, unknown>
  /** How many times the job has been claimed, this run included. */
  attempts: number
  createdAt: Date
}

/** What a handler does with a job; throwing means "try again later" (with backoff). */
export type JobHandler = (job: Job) => Promise<void>

export type JobQueueOptions = {
  db: Db
  logger: Logger
  handlers: Record<string, JobHandler>
  /** How often the worker looks for due jobs when nobody kicks it. */
  pollMs?: number
  /** A claimed job runs again after this long if its worker died before finishing it. */
  leaseMs?: number
  /** The first retry waits this long; each further one twice as long, up to maxBackoffMs. */
  backoffMs?: number
  maxBackoffMs?: number
}

type JobRow = { id: string; kind: string; key: string; payload: Record<string, unknown>; attempts: number; created_at: Date }

/**
 * Puts work in the durable queue, in the caller's transaction when given one. One job per kind and
 * key: enqueuing again a job already done runs it again; a job still waiting is brought forward.
 */
export async function enqueueJob(client: Queryable, kind: string, key: string, payload: Record<string, unknown> = {}, delayMs = 0): Promise<void> {
  await client.query(
    `insert into bff.jobs (kind, key, payload, run_at) values ($1, $2, $3, now() + $4 * interval '1 millisecond')
     on conflict (kind, key) do update
       set payload = excluded.payload,
           run_at = case when bff.jobs.done_at is null then least(bff.jobs.run_at, excluded.run_at) else excluded.run_at end,
           attempts = case when bff.jobs.done_at is null then bff.jobs.attempts else 0 end,
           done_at = null`,
    [kind, key, JSON.stringify(payload), delayMs],
  )
}

/** Queues a job unless one of that kind and key exists already, running or finished: finished work is never done again. */
export async function enqueueJobOnce(client: Queryable, kind: string, key: string, payload: Record<string, unknown> = {}): Promise<void> {
  await client.query("insert into bff.jobs (kind, key, payload) values ($1, $2, $3) on conflict (kind, key) do nothing", [kind, key, JSON.stringify(payload)])
}

/**
 * A worker over bff.jobs: claims due jobs with SKIP LOCKED (so replicas share the work), runs their
 * handler, marks them done or schedules a retry with exponential backoff.
 */
export function jobQueue({ db, logger, handlers, pollMs = 1000, leaseMs = 5 * 60_000, backoffMs = 5_000, maxBackoffMs = 15 * 60_000 }: JobQueueOptions) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let stopped = true
  let again = false

  async function claim(limit: number): Promise<Job[]> {
    const { rows } = await db.query<JobRow>(
      `update bff.jobs set run_at = now() + $2 * interval '1 millisecond', attempts = attempts + 1
        where id in (
          select id from bff.jobs where done_at is null and run_at <= now() and kind = any($3)
           order by run_at limit $1 for update skip locked)
        returning id, kind, key, payload, attempts, created_at`,
      [limit, leaseMs, Object.keys(handlers)],
    )
    return rows.map((row) => ({ id: row.id, kind: row.kind, key: row.key, payload: row.payload, attempts: row.attempts, createdAt: row.created_at }))
  }

  async function run(job: Job): Promise<void> {
    try {
      await handlers[job.kind]!(job)
      await db.query("update bff.jobs set done_at = now(), last_error = null where id = $1 and attempts = $2", [job.id, job.attempts])
    } catch (error) {
      const wait = Math.min(maxBackoffMs, backoffMs * 2 ** (job.attempts - 1))
      const message = error instanceof Error ? error.message : String(error)
      logger.warn({ err: error, job: { kind: job.kind, key: job.key, attempts: job.attempts } }, "job failed; will retry")
      await db.query("update bff.jobs set run_at = now() + $2 * interval '1 millisecond', last_error = $3 where id = $1 and attempts = $4", [
        job.id,
        wait,
        message.slice(0, 1000),
        job.attempts,
      ])
    }
  }

  /** Runs every job due now (a batch at a time) and answers how many ran; tests call it to run jobs deterministically. */
  async function runDue(): Promise<number> {
    let total = 0
    for (;;) {
      const jobs = await claim(10)
      if (!jobs.length) return total
      for (const job of jobs) await run(job)
      total += jobs.length
    }
  }

  function tick() {
    if (running) {
      again = true
      return
    }
    running = runDue()
      .catch((error: unknown) => {
        logger.warn({ err: error }, "job worker pass failed")
        return 0
      })
      .finally(() => {
        running = undefined
        if (again && !stopped) {
          again = false
          tick()
        }
      })
  }

  return {
    runDue,
    start() {
      if (!stopped) return
      stopped = false
      timer = setInterval(tick, pollMs)
      timer.unref()
    },
    /** Looks for due jobs now instead of at the next poll (after enqueuing work that should start at once). */
    kick() {
      if (!stopped) tick()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}

export type JobQueue = ReturnType<typeof jobQueue>
