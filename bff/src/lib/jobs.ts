import { isDatabaseUnavailable, type Db } from "./db.js"
import type { Logger } from "./logger.js"
import { metrics } from "./metrics.js"
import { asPartOfRequest, currentRequest } from "./request-context.js"

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

/**
 * One kind of job: how it runs and when the queue stops retrying it. `run` throwing means "try again later"
 * (with backoff); after `maxAttempts` runs that threw, or once `deadlineMs` has passed since the job was
 * queued, the job is failed: kept with its last error, logged once at error level, listed for staff.
 */
export type JobHandler = {
  run: (job: Job) => Promise<void>
  maxAttempts: number
  /** Past this long after it was queued the job is pointless (a code mail after its code expired): it fails without running. */
  deadlineMs?: number
}

export type JobQueueOptions = {
  db: Db
  logger: Logger
  handlers: Record<string, JobHandler>
  /** How often the worker looks for due jobs when no notice of a queued one woke it (the fallback when notices are lost). */
  pollMs?: number
  /** A claimed job runs again after this long if its worker died before finishing it. */
  leaseMs?: number
  /** The first retry waits this long; each further one twice as long, up to maxBackoffMs. */
  backoffMs?: number
  maxBackoffMs?: number
  /** Rests this long after each job, so a burst of them is spread out instead of taking the cores all at once. */
  paceMs?: number
}

/** A job as staff's list shows it. */
export type FailedJob = { id: string; kind: string; key: string; attempts: number; lastError: string | null; createdAt: Date; failedAt: Date }

type JobRow = {
  id: string
  kind: string
  key: string
  payload: Record<string, unknown>
  attempts: number
  created_at: Date
  queued_at: Date
  last_error: string | null
  request_id: string | null
}
/** `requestId`: the request that last queued the job (or staff's retry), whose part it runs as. */
type ClaimedJob = Job & { queuedAt: Date; lastError: string | null; requestId: string | null }

/** What a failed job keeps as its last error when it ran out of time or attempts before any run threw. */
export const PAST_DEADLINE = "Its deadline passed before it could run."
const OUT_OF_ATTEMPTS = "Its attempts ran out before it could run."

/** SQL: the job still has work to do (neither done nor failed). */
const WAITING = "bff.jobs.done_at is null and bff.jobs.failed_at is null"

/**
 * The channel a queued job is announced on, its kind as the payload: PostgreSQL delivers the notice when the queuing
 * transaction commits (never for one rolled back), to every replica's listener (job-wakeups.ts), so the queue that runs
 * the kind looks at once instead of at its next poll.
 */
export const JOBS_CHANNEL = "bff_jobs"

/** SQL: announces the jobs of the CTE `queued` (kind, run_at) that are due now; a job queued for later waits for the poll. */
const NOTIFYING_DUE_FROM = (queued: string) => `select pg_notify('${JOBS_CHANNEL}', kind) from ${queued} where run_at <= now()`

/** The id of the request queuing work now, kept with its job (none for a schedule's). */
const queuingRequest = (): string | null => currentRequest()?.requestId ?? null

/**
 * Puts work in the durable queue, in the caller's transaction when given one. One job per kind and key:
 * enqueuing again a job already done or failed runs it again (from its first attempt, its deadline counted
 * anew); a job still waiting is brought forward. Either way it runs as part of the request that queued it last.
 */
export async function enqueueJob(client: Queryable, kind: string, key: string, payload: Record<string, unknown> = {}, delayMs = 0): Promise<void> {
  await client.query(
    `with queued as (
       insert into bff.jobs (kind, key, payload, run_at, request_id) values ($1, $2, $3, now() + $4 * interval '1 millisecond', $5)
       on conflict (kind, key) do update
         set payload = excluded.payload,
             run_at = case when ${WAITING} then least(bff.jobs.run_at, excluded.run_at) else excluded.run_at end,
             attempts = case when ${WAITING} then bff.jobs.attempts else 0 end,
             queued_at = case when ${WAITING} then bff.jobs.queued_at else now() end,
             request_id = excluded.request_id,
             done_at = null,
             failed_at = null
       returning kind, run_at)
     ${NOTIFYING_DUE_FROM("queued")}`,
    [kind, key, JSON.stringify(payload), delayMs, queuingRequest()],
  )
}

/**
 * Queues a job unless one of that kind and key exists already, waiting, done or failed: finished work is never
 * done again, and failed work only when staff retry it.
 */
export async function enqueueJobOnce(client: Queryable, kind: string, key: string, payload: Record<string, unknown> = {}): Promise<void> {
  await client.query(
    `with queued as (
       insert into bff.jobs (kind, key, payload, request_id) values ($1, $2, $3, $4) on conflict (kind, key) do nothing returning kind, run_at)
     ${NOTIFYING_DUE_FROM("queued")}`,
    [kind, key, JSON.stringify(payload), queuingRequest()],
  )
}

/** Failed jobs, the latest failure first, and how many there are. */
export async function failedJobs(db: Queryable, { limit, offset }: { limit: number; offset: number }): Promise<{ jobs: FailedJob[]; total: number }> {
  const [page, count] = await Promise.all([
    db.query<{ id: string; kind: string; key: string; attempts: number; last_error: string | null; created_at: Date; failed_at: Date }>(
      `select id, kind, key, attempts, last_error, created_at, failed_at from bff.jobs
        where failed_at is not null order by failed_at desc, id desc limit $1 offset $2`,
      [limit, offset],
    ),
    db.query<{ total: number }>("select count(*)::int as total from bff.jobs where failed_at is not null"),
  ])
  return {
    jobs: page.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      key: row.key,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
      failedAt: row.failed_at,
    })),
    total: count.rows[0]?.total ?? 0,
  }
}

/**
 * Brings a failed job back: from its first attempt, due now, its deadline counted anew, as part of the staff request
 * that retried it. Undefined when no failed job has that id.
 */
export async function retryFailedJob(db: Queryable, id: string): Promise<{ id: string; kind: string; key: string } | undefined> {
  const { rows } = await db.query<{ id: string; kind: string; key: string }>(
    `with retried as (
       update bff.jobs set failed_at = null, attempts = 0, run_at = now(), queued_at = now(), request_id = $2
        where id = $1 and failed_at is not null returning id, kind, key)
     select id, kind, key, pg_notify('${JOBS_CHANNEL}', kind) from retried`,
    [id, queuingRequest()],
  )
  const [retried] = rows
  return retried && { id: retried.id, kind: retried.kind, key: retried.key }
}

/** Deletes jobs done more than `olderThanMs` ago, a batch at a time so no delete holds the table long; answers how many. */
export async function pruneDoneJobs(db: Queryable, olderThanMs: number): Promise<number> {
  let total = 0
  for (;;) {
    const { rowCount } = await db.query(
      `delete from bff.jobs where id in (
         select id from bff.jobs where done_at < now() - $1 * interval '1 millisecond' limit 5000)`,
      [olderThanMs],
    )
    total += rowCount ?? 0
    if (!rowCount) return total
  }
}

/**
 * A worker over bff.jobs: claims due jobs with SKIP LOCKED (so replicas share the work), runs their
 * handler, marks them done, schedules a retry with exponential backoff, or fails them when their
 * attempts or their deadline run out.
 */
export function jobQueue({
  db,
  logger,
  handlers,
  pollMs = 1000,
  leaseMs = 5 * 60_000,
  backoffMs = 5_000,
  maxBackoffMs = 15 * 60_000,
  paceMs = 0,
}: JobQueueOptions) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let stopped = true
  let again = false
  /** Whether the last pass failed for want of the database: the outage is logged when it starts and when it ends. */
  let databaseLost = false
  /**
   * Jobs this worker claimed whose ending it could not record because the database went away (`started`: its
   * handler had begun). Handed back as soon as the database answers again, instead of waiting out their lease.
   */
  const unrecorded = new Map<string, { attempts: number; started: boolean }>()

  async function claim(limit: number): Promise<ClaimedJob[]> {
    // Run in the order they fell due (an order's "placed" message before its "cancelled"): an update's returned
    // rows come in no set order, so they are sorted by when each was due.
    const { rows } = await db.query<JobRow>(
      `with due as (
         select id, run_at from bff.jobs where ${WAITING} and run_at <= now() and kind = any($3)
          order by run_at, id limit $1 for update skip locked),
       claimed as (
         update bff.jobs set run_at = now() + $2 * interval '1 millisecond', attempts = attempts + 1
           from due where bff.jobs.id = due.id
         returning bff.jobs.id, kind, key, payload, attempts, created_at, queued_at, last_error, request_id, due.run_at as due_at)
       select id, kind, key, payload, attempts, created_at, queued_at, last_error, request_id from claimed order by due_at, id`,
      [limit, leaseMs, Object.keys(handlers)],
    )
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      key: row.key,
      payload: row.payload,
      attempts: row.attempts,
      createdAt: row.created_at,
      queuedAt: row.queued_at,
      lastError: row.last_error,
      requestId: row.request_id,
    }))
  }

  /**
   * Fails a job for good (unless another worker took it over after its lease): its last error kept, logged once.
   * `ran` is false when the job fails without running, so its claim doesn't count as an attempt.
   */
  async function fail(job: ClaimedJob, lastError: string, ran: boolean, err?: unknown): Promise<void> {
    const attempts = ran ? job.attempts : job.attempts - 1
    const { rowCount } = await db.query("update bff.jobs set failed_at = now(), last_error = $3, attempts = $4 where id = $1 and attempts = $2", [
      job.id,
      job.attempts,
      lastError,
      attempts,
    ])
    if (!rowCount) return
    metrics.jobFinished(job.kind, "failed")
    logger.error({ err, job: { id: job.id, kind: job.kind, key: job.key, attempts, error: lastError } }, "job failed; staff can retry it")
  }

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind]!
    const deadline = handler.deadlineMs === undefined ? Infinity : job.queuedAt.getTime() + handler.deadlineMs
    const late = Date.now() >= deadline
    // A claim past the last attempt: the worker of the last attempt died before recording how it ended.
    if (late || job.attempts > handler.maxAttempts) return fail(job, job.lastError ?? (late ? PAST_DEADLINE : OUT_OF_ATTEMPTS), false)
    try {
      await handler.run(job)
      await db.query("update bff.jobs set done_at = now(), last_error = null where id = $1 and attempts = $2", [job.id, job.attempts])
      metrics.jobFinished(job.kind, "done")
    } catch (error) {
      // Not the job's failure: the pass stops and the job is handed back once the database returns.
      if (isDatabaseUnavailable(error)) throw error
      const wait = Math.min(maxBackoffMs, backoffMs * 2 ** (job.attempts - 1))
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
      // Out of attempts, or the retry would come after the deadline: trying again is pointless.
      if (job.attempts >= handler.maxAttempts || Date.now() + wait >= deadline) return fail(job, message, true, error)
      metrics.jobFinished(job.kind, "retry")
      logger.warn({ err: error, job: { kind: job.kind, key: job.key, attempts: job.attempts } }, "job failed; will retry")
      await db.query("update bff.jobs set run_at = now() + $2 * interval '1 millisecond', last_error = $3 where id = $1 and attempts = $4", [
        job.id,
        wait,
        message,
        job.attempts,
      ])
    }
  }

  /** Runs every job due now (a batch at a time) and answers how many ran; tests call it to run jobs deterministically. */
  async function runDue(): Promise<number> {
    await handBackUnrecorded()
    let total = 0
    for (;;) {
      const jobs = await claim(10)
      if (!jobs.length) return total
      for (const [index, job] of jobs.entries()) {
        try {
          await asPartOfRequest(job.requestId, () => run(job))
          if (paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs))
        } catch (error) {
          if (isDatabaseUnavailable(error)) for (const rest of jobs.slice(index)) unrecorded.set(rest.id, { attempts: rest.attempts, started: rest === job })
          throw error
        }
      }
      total += jobs.length
    }
  }

  /**
   * Makes the jobs whose ending was lost due now (unless another worker took them over after their lease): the
   * one interrupted keeps its attempt, the batch's others never started and get theirs back.
   */
  async function handBackUnrecorded(): Promise<void> {
    if (!unrecorded.size) return
    const lost = [...unrecorded]
    await db.query(
      `update bff.jobs set run_at = now(), attempts = bff.jobs.attempts - lost.unused
         from unnest($1::bigint[], $2::int[], $3::int[]) as lost (id, attempts, unused)
        where bff.jobs.id = lost.id and bff.jobs.attempts = lost.attempts and ${WAITING}`,
      [lost.map(([id]) => id), lost.map(([, job]) => job.attempts), lost.map(([, job]) => (job.started ? 0 : 1))],
    )
    unrecorded.clear()
  }

  function tick() {
    if (running) {
      again = true
      return
    }
    running = runDue()
      .then((ran) => {
        if (databaseLost) logger.info("job worker reaches the database again")
        databaseLost = false
        return ran
      })
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) logger.warn({ err: error }, "job worker pass failed")
        else if (!databaseLost) {
          databaseLost = true
          logger.warn({ err: error }, "job worker lost the database; it tries again each poll")
        }
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
    /** Whether this queue runs jobs of the kind (so a notice of one wakes the queue that runs it). */
    handles(kind: string): boolean {
      return Object.hasOwn(handlers, kind)
    },
    start() {
      if (!stopped) return
      stopped = false
      timer = setInterval(tick, pollMs)
      timer.unref()
    },
    /** Looks for due jobs now instead of at the next poll: job-wakeups.ts calls it when a job of this queue's was queued. */
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
