import { randomBytes } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest"
import { createDb } from "./db.js"
import { migrate } from "./migrate.js"
import { createLogger } from "./logger.js"
import { keepSchedules, runAsLeader } from "./schedules.js"

/** Two replicas of the BFF: each process has a pool of its own on the same database. */
const first = createDb(inject("databaseUrl"))
const second = createDb(inject("databaseUrl"))
beforeAll(() => migrate(first))
afterAll(() => Promise.all([first.end(), second.end()]))

const uniqueName = (label: string) => `test ${label} ${randomBytes(4).toString("hex")}`
const HOUR = 60 * 60_000

describe("schedules run once across replicas", () => {
  it("two processes starting the same round at once: the work runs once", async () => {
    const name = uniqueName("pruning")
    let runs = 0
    const work = async () => {
      runs++
      await sleep(200)
      return "pruned"
    }
    const rounds = await Promise.all([runAsLeader(first, name, HOUR, work), runAsLeader(second, name, HOUR, work)])

    expect(runs).toBe(1)
    expect(rounds).toEqual(expect.arrayContaining([{ ran: true, value: "pruned" }, { ran: false }]))
  })

  it("a replica whose timer fires later in the same round skips it; the next round runs", async () => {
    const name = uniqueName("trending")
    let runs = 0
    const work = async () => void runs++
    expect((await runAsLeader(first, name, HOUR, work)).ran).toBe(true)
    expect((await runAsLeader(second, name, HOUR, work)).ran).toBe(false)
    expect((await runAsLeader(first, name, HOUR, work)).ran).toBe(false)

    await first.query("update bff.schedule_rounds set started_at = now() - interval '1 hour' where name = $1", [name])
    expect((await runAsLeader(second, name, HOUR, work)).ran).toBe(true)
    expect(runs).toBe(2)
  })

  it("a round that throws doesn't count: the next replica's timer runs it again", async () => {
    const name = uniqueName("reconcile")
    await expect(
      runAsLeader(first, name, HOUR, async () => {
        throw new Error("Razorpay is down")
      }),
    ).rejects.toThrow("Razorpay is down")
    expect(await runAsLeader(second, name, HOUR, async () => "reconciled")).toEqual({ ran: true, value: "reconciled" })
    // And the lock went with each round: a third process takes it at once (a session would retake its own).
    const third = createDb(inject("databaseUrl"))
    try {
      const { rows } = await third.query<{ free: boolean }>("select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as free", [`schedule:${name}`])
      expect(rows[0]!.free).toBe(true)
    } finally {
      await third.end()
    }
  })
})

describe("keepSchedules", () => {
  afterEach(() => vi.useRealTimers())

  it("runs each schedule at its own period through runAsLeader, and leaves no timer once stopped", async () => {
    // Only the schedules' timers are faked: the pool's own keep running.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] })
    const [often, rarely] = [uniqueName("often"), uniqueName("rarely")]
    const runs: string[] = []
    const stop = keepSchedules(
      first,
      [
        { name: often, everyMs: 60_000, run: async () => void runs.push(often) },
        { name: rarely, everyMs: 3 * 60_000, run: async () => void runs.push(rarely) },
      ],
      createLogger("silent"),
    )
    try {
      vi.advanceTimersByTime(60_000)
      await vi.waitFor(() => expect(runs).toEqual([often]))
      // The round is recorded under the schedule's name, as every replica's timer records it.
      const { rows } = await first.query("select name from bff.schedule_rounds where name = any($1)", [[often, rarely]])
      expect(rows).toEqual([{ name: often }])

      // The period passes; at three minutes both fire (the first schedule twice, one of which runs).
      await first.query("update bff.schedule_rounds set started_at = now() - interval '1 hour' where name = $1", [often])
      vi.advanceTimersByTime(2 * 60_000)
      await vi.waitFor(() => expect([...runs].sort()).toEqual([often, often, rarely].sort()))
    } finally {
      stop()
    }
    expect(vi.getTimerCount()).toBe(0)
  })
})
