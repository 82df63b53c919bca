import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { capturedLog, LEVEL, type LogLine } from "../../test/capture-log.js"
import { createDb } from "./db.js"
import { enqueueJob, enqueueJobOnce, jobQueue, PAST_DEADLINE, pruneDoneJobs, retryFailedJob, type JobHandler } from "./jobs.js"
import { createLogger } from "./logger.js"
import { migrate } from "./migrate.js"
import { asPartOfRequest, currentRequest, onwardHeaders, REQUEST_ID_HEADER } from "./request-context.js"

const db = createDb(inject("databaseUrl"))
beforeAll(() => migrate(db))
afterAll(() => db.end())

/** A kind no other worker of the shared database claims. */
const uniqueKind = (label: string) => `test.${label}.${randomBytes(4).toString("hex")}`

type Row = { id: string; attempts: number; last_error: string | null; done_at: Date | null; failed_at: Date | null; wait_ms: number }
async function rowOf(kind: string): Promise<Row> {
  const { rows } = await db.query<Row>(
    `select id, attempts, last_error, done_at, failed_at, extract(epoch from (run_at - now())) * 1000 as wait_ms from bff.jobs where kind = $1`,
    [kind],
  )
  return rows[0]!
}

/** Makes the kind's jobs due now, as if their backoff had passed. */
const dueNow = (kind: string) => db.query("update bff.jobs set run_at = now() where kind = $1", [kind])

const failing = (maxAttempts: number, extra: Partial<JobHandler> = {}) => {
  const handler = {
    runs: 0,
    maxAttempts,
    async run() {
      handler.runs++
      throw new Error("carrier said no")
    },
    ...extra,
  }
  return handler
}

describe("the job life cycle", () => {
  it("a job that always fails is retried with backoff, then failed after its attempts: last error kept, logged once at error, never claimed again", async () => {
    const kind = uniqueKind("always-fails")
    const log = capturedLog()
    const handler = failing(3)
    const worker = jobQueue({ db, logger: log.logger, handlers: { [kind]: handler } })
    await enqueueJob(db, kind, "order-1")

    await worker.runDue()
    expect(Number((await rowOf(kind)).wait_ms)).toBeGreaterThan(4_000)
    expect(Number((await rowOf(kind)).wait_ms)).toBeLessThanOrEqual(5_000)
    await dueNow(kind)
    await worker.runDue()
    expect(Number((await rowOf(kind)).wait_ms)).toBeGreaterThan(9_000)
    expect(Number((await rowOf(kind)).wait_ms)).toBeLessThanOrEqual(10_000)
    for (let round = 0; round < 3; round++) {
      await dueNow(kind)
      await worker.runDue()
    }

    expect(handler.runs).toBe(3)
    expect(await rowOf(kind)).toMatchObject({ attempts: 3, last_error: "carrier said no", done_at: null, failed_at: expect.any(Date) })
    expect(log.at(LEVEL.warn)).toHaveLength(2)
    expect(log.at(LEVEL.error)).toEqual([
      expect.objectContaining({ job: expect.objectContaining({ kind, key: "order-1", attempts: 3, error: "carrier said no" }) }),
    ])
  })

  it("a job past its deadline fails without running, keeping the attempts it used", async () => {
    const kind = uniqueKind("late")
    const log = capturedLog()
    const handler = failing(5, { deadlineMs: 60_000 })
    const worker = jobQueue({ db, logger: log.logger, handlers: { [kind]: handler } })
    await enqueueJob(db, kind, "k")
    await db.query("update bff.jobs set queued_at = now() - interval '2 minutes' where kind = $1", [kind])

    expect(await worker.runDue()).toBe(1)
    expect(handler.runs).toBe(0)
    expect(await rowOf(kind)).toMatchObject({ attempts: 0, last_error: PAST_DEADLINE, failed_at: expect.any(Date) })
    expect(log.at(LEVEL.error)).toHaveLength(1)
  })

  it("a run whose retry would come after the deadline fails the job at once", async () => {
    const kind = uniqueKind("short-lived")
    const handler = failing(10, { deadlineMs: 8_000 })
    const worker = jobQueue({ db, logger: createLogger("silent"), handlers: { [kind]: handler } })
    await enqueueJob(db, kind, "k")

    await worker.runDue() // retried in 5 s, within the 8 s
    expect((await rowOf(kind)).failed_at).toBeNull()
    await dueNow(kind)
    await worker.runDue() // the next wait, 10 s, passes the deadline
    expect(handler.runs).toBe(2)
    expect(await rowOf(kind)).toMatchObject({ attempts: 2, last_error: "carrier said no", failed_at: expect.any(Date) })
  })

  it("queuing a failed job again brings it back from its first attempt, as a done one; queuing it once leaves it failed", async () => {
    const kind = uniqueKind("revived")
    const handler = failing(1)
    const worker = jobQueue({ db, logger: createLogger("silent"), handlers: { [kind]: handler } })
    await enqueueJob(db, kind, "k")
    await worker.runDue()
    expect((await rowOf(kind)).failed_at).toBeInstanceOf(Date)

    await enqueueJobOnce(db, kind, "k")
    expect(await worker.runDue()).toBe(0)
    expect((await rowOf(kind)).failed_at).toBeInstanceOf(Date)

    await enqueueJob(db, kind, "k", { again: true })
    expect(await rowOf(kind)).toMatchObject({ attempts: 0, failed_at: null, done_at: null })
    handler.run = async () => undefined
    expect(await worker.runDue()).toBe(1)
    expect(await rowOf(kind)).toMatchObject({ attempts: 1, failed_at: null, done_at: expect.any(Date), last_error: null })
  })

  it("pruning deletes jobs done over a week ago and keeps newer done, waiting and failed ones", async () => {
    const kind = uniqueKind("pruned")
    for (const key of ["old-done", "new-done", "waiting", "old-failed"]) await enqueueJob(db, kind, key)
    await db.query(
      `update bff.jobs set done_at = case key when 'old-done' then now() - interval '8 days' when 'new-done' then now() - interval '6 days' end,
                           failed_at = case key when 'old-failed' then now() - interval '30 days' end
        where kind = $1`,
      [kind],
    )

    expect(await pruneDoneJobs(db, 7 * 24 * 60 * 60_000)).toBeGreaterThanOrEqual(1)
    const { rows } = await db.query<{ key: string }>("select key from bff.jobs where kind = $1 order by key", [kind])
    expect(rows.map((row) => row.key)).toEqual(["new-done", "old-failed", "waiting"])
  })

  it("a job runs as part of the request that queued it last: its log lines and onward calls name it; a schedule's names none", async () => {
    const kind = uniqueKind("traced")
    const seen: { key: string; requestId: string | undefined; onward: string | undefined }[] = []
    const log = capturedLog("info")
    const handler: JobHandler = {
      maxAttempts: 1,
      async run(job) {
        seen.push({ key: job.key, requestId: currentRequest()?.requestId, onward: onwardHeaders()[REQUEST_ID_HEADER] })
        log.logger.info({ key: job.key }, "job working")
        if (job.key === "fails") throw new Error("courier down")
      },
    }
    const worker = jobQueue({ db, logger: log.logger, handlers: { [kind]: handler } })
    await asPartOfRequest("checkout-req-0001", () => enqueueJob(db, kind, "placed"))
    await asPartOfRequest("checkout-req-0002", () => enqueueJobOnce(db, kind, "once"))
    await enqueueJob(db, kind, "scheduled")
    await asPartOfRequest("shopper-req-0003", () => enqueueJob(db, kind, "fails"))
    // The worker itself runs outside any request (its timer): a request it happens to be kicked from is not the job's.
    await asPartOfRequest("unrelated-req-0004", () => worker.runDue())

    expect(seen.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "fails", requestId: "shopper-req-0003", onward: "shopper-req-0003" },
      { key: "once", requestId: "checkout-req-0002", onward: "checkout-req-0002" },
      { key: "placed", requestId: "checkout-req-0001", onward: "checkout-req-0001" },
      { key: "scheduled", requestId: undefined, onward: undefined },
    ])
    const working = log.lines.filter((line) => line.msg === "job working") as (LogLine & { key: string })[]
    expect(Object.fromEntries(working.map((line) => [line.key, line.reqId]))).toEqual({
      fails: "shopper-req-0003",
      once: "checkout-req-0002",
      placed: "checkout-req-0001",
      scheduled: undefined,
    })
    expect(log.at(LEVEL.error)).toEqual([expect.objectContaining({ reqId: "shopper-req-0003", job: expect.objectContaining({ key: "fails" }) })])

    // Staff's retry makes it part of their request; queuing it again, of the newer one.
    const { rows } = await db.query<{ id: string }>("select id from bff.jobs where kind = $1 and key = 'fails'", [kind])
    await asPartOfRequest("staff-retry-0005", () => retryFailedJob(db, rows[0]!.id))
    await worker.runDue()
    await asPartOfRequest("shopper-req-0006", () => enqueueJob(db, kind, "placed"))
    await worker.runDue()
    expect(seen.slice(4).map((run) => [run.key, run.requestId])).toEqual([
      ["fails", "staff-retry-0005"],
      ["placed", "shopper-req-0006"],
    ])
  })
})
