import { randomBytes } from "node:crypto"
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest"
import { capturedLog } from "../../test/capture-log.js"
import { createDb, transaction } from "./db.js"
import { jobWakeups } from "./job-wakeups.js"
import { enqueueJob, enqueueJobOnce, jobQueue, retryFailedJob, type JobQueue } from "./jobs.js"
import { migrate } from "./migrate.js"

const db = createDb(inject("databaseUrl"))
beforeAll(() => migrate(db))
afterAll(() => db.end())

/** A kind no other worker of the shared database claims. */
const uniqueKind = (label: string) => `test.${label}.${randomBytes(4).toString("hex")}`

/** Polls too seldom to matter within a test: a job that runs was woken by its notice. */
const NEVER_POLLS_MS = 60_000

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop()
})

/** A started queue for one kind, woken by notices only; `ran` lists the keys it ran, in order. */
function wokenQueue(kind: string, run: (key: string) => Promise<void> = async () => undefined) {
  const ran: string[] = []
  const queue = jobQueue({
    db,
    logger: capturedLog().logger,
    pollMs: NEVER_POLLS_MS,
    handlers: {
      [kind]: {
        maxAttempts: 1,
        run: async (job) => {
          ran.push(job.key)
          await run(job.key)
        },
      },
    },
  })
  queue.start()
  stops.push(() => queue.stop())
  return { queue, ran }
}

function listening(queues: JobQueue[]) {
  const log = capturedLog("info")
  const wakeups = jobWakeups({ db, logger: log.logger, queues })
  wakeups.start()
  stops.push(() => wakeups.stop())
  return log
}

/** Whether the job-channel listener is connected (a backend of ours LISTENing). */
async function listenerConnected(): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen bff_jobs%' and pid <> pg_backend_pid()",
  )
  return rows[0]!.n > 0
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("queues woken by the database's notices", () => {
  it("a job queued in a transaction runs once the transaction commits, without waiting for a poll; a rolled-back one never runs", async () => {
    const kind = uniqueKind("woken")
    const { queue, ran } = wokenQueue(kind)
    listening([queue])
    await expect.poll(listenerConnected).toBe(true)

    await transaction(db, async (client) => {
      await enqueueJob(client, kind, "committed")
      await settle(300)
      // Not before the commit: the notice is delivered with it.
      expect(ran).toEqual([])
    })
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual(["committed"])

    await transaction(db, async (client) => {
      await enqueueJob(client, kind, "rolled-back")
      throw new Error("changed my mind")
    }).catch(() => undefined)
    await enqueueJobOnce(db, kind, "once")
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual(["committed", "once"])
  })

  it("wakes only the queue that runs the kind; a job queued for later waits for the poll", async () => {
    const kind = uniqueKind("mine")
    const other = uniqueKind("other")
    const mine = wokenQueue(kind)
    const theirs = wokenQueue(other)
    listening([mine.queue, theirs.queue])
    await expect.poll(listenerConnected).toBe(true)

    await enqueueJob(db, kind, "later", {}, 60_000)
    await enqueueJob(db, other, "now")
    await expect.poll(() => theirs.ran, { timeout: 5_000 }).toEqual(["now"])
    await settle(300)
    expect(mine.ran).toEqual([])
  })

  it("a failed job staff retry runs at once", async () => {
    const kind = uniqueKind("retried")
    let fails = true
    const { queue, ran } = wokenQueue(kind, async () => {
      if (fails) throw new Error("carrier said no")
    })
    listening([queue])
    await expect.poll(listenerConnected).toBe(true)
    await enqueueJob(db, kind, "parcel")
    await expect.poll(async () => (await db.query("select failed_at from bff.jobs where kind = $1 and failed_at is not null", [kind])).rowCount).toBe(1)

    fails = false
    const { rows } = await db.query<{ id: string }>("select id from bff.jobs where kind = $1", [kind])
    await retryFailedJob(db, rows[0]!.id)
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual(["parcel", "parcel"])
  })

  it("listens again after its connection is killed, and looks for what was queued meanwhile", async () => {
    const kind = uniqueKind("relisten")
    const { queue, ran } = wokenQueue(kind)
    const log = listening([queue])
    await expect.poll(listenerConnected).toBe(true)

    await db.query("select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen bff_jobs%' and datname = current_database()")
    await expect.poll(() => log.lines.some((line) => /lost their connection/.test(line.msg))).toBe(true)
    // Queued while nobody listens: no notice reaches anyone, the reconnection's look finds it.
    await enqueueJob(db, kind, "meanwhile")
    await expect.poll(() => ran, { timeout: 10_000 }).toEqual(["meanwhile"])
    await expect.poll(listenerConnected).toBe(true)

    await enqueueJob(db, kind, "after")
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual(["meanwhile", "after"])
    expect(log.lines.filter((line) => /listen again/.test(line.msg))).toHaveLength(1)
  })
})
