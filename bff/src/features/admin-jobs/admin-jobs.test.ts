import { randomBytes } from "node:crypto"
import { adminJobListSchema } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { capturedLog, LEVEL } from "../../../test/capture-log.js"
import { shopperSession, staffSession } from "../../../test/staff.js"
import { enqueueJob, jobQueue } from "../../lib/jobs.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let staff: Awaited<ReturnType<typeof staffSession>>
beforeAll(async () => {
  ctx = await createTestApp()
  staff = await staffSession(ctx.app)
})
afterAll(() => ctx.close())

/** A kind no other worker of the shared database claims. */
const uniqueKind = (label: string) => `test.${label}.${randomBytes(4).toString("hex")}`

const jobOf = async (kind: string) =>
  (
    await ctx.db.query<{ id: string; attempts: number; done_at: Date | null; failed_at: Date | null }>(
      "select id, attempts, done_at, failed_at from bff.jobs where kind = $1",
      [kind],
    )
  ).rows[0]!

const failedList = () => request(ctx.app).get("/api/admin/jobs").query({ state: "failed", limit: 100 }).set(staff.headers)

describe("failed jobs for staff", () => {
  it("a job that always fails ends failed after its attempts, logged once at error; staff see it in the list, retry it, and it runs", async () => {
    const kind = uniqueKind("dispatch")
    const log = capturedLog()
    let runs = 0
    let carrierUp = false
    const worker = jobQueue({
      db: ctx.db,
      logger: log.logger,
      handlers: {
        [kind]: {
          maxAttempts: 4,
          async run() {
            runs++
            if (!carrierUp) throw new Error("Shiprocket answered 502")
          },
        },
      },
    })
    await enqueueJob(ctx.db, kind, "order_01")
    for (let round = 0; round < 6; round++) {
      await worker.runDue()
      // Time passes: the backoff is over.
      await ctx.db.query("update bff.jobs set run_at = now() where kind = $1", [kind])
    }
    expect(runs).toBe(4)
    const failed = await jobOf(kind)
    expect(failed).toMatchObject({ attempts: 4, done_at: null, failed_at: expect.any(Date) })
    expect(log.at(LEVEL.error)).toEqual([
      expect.objectContaining({ job: expect.objectContaining({ kind, key: "order_01", attempts: 4, error: "Shiprocket answered 502" }) }),
    ])

    const list = await failedList()
    expect(list.status).toBe(200)
    const answer = adminJobListSchema.parse(list.body)
    expect(answer.total).toBeGreaterThanOrEqual(1)
    const listed = answer.jobs.find((job) => job.id === failed.id)
    expect(listed).toMatchObject({ kind, key: "order_01", attempts: 4, lastError: "Shiprocket answered 502" })
    expect(new Date(listed!.failedAt).getTime()).toBe(failed.failed_at!.getTime())
    expect(new Date(listed!.createdAt).getTime()).toBeLessThanOrEqual(new Date(listed!.failedAt).getTime())

    carrierUp = true
    const retry = await request(ctx.app).post(`/api/admin/jobs/${failed.id}/retry`).set(staff.headers)
    expect(retry.status).toBe(202)
    expect(retry.body).toEqual({ id: failed.id, kind, key: "order_01" })
    expect(await jobOf(kind)).toMatchObject({ attempts: 0, failed_at: null })
    expect(adminJobListSchema.parse((await failedList()).body).jobs.map((job) => job.id)).not.toContain(failed.id)

    await worker.runDue()
    expect(runs).toBe(5)
    expect(await jobOf(kind)).toMatchObject({ attempts: 1, done_at: expect.any(Date), failed_at: null })
    // Done now: there is nothing to retry.
    expect((await request(ctx.app).post(`/api/admin/jobs/${failed.id}/retry`).set(staff.headers)).status).toBe(404)
  })

  it("answers 400 to a malformed id or query and 404 to a job that isn't failed or doesn't exist", async () => {
    const kind = uniqueKind("waiting")
    await enqueueJob(ctx.db, kind, "k", {}, 60_000)
    const waiting = await jobOf(kind)

    for (const query of [{ state: "done" }, { limit: "0" }, { limit: "101" }, { offset: "-1" }]) {
      const answer = await request(ctx.app).get("/api/admin/jobs").query(query).set(staff.headers)
      expect(answer.status, JSON.stringify(query)).toBe(400)
      expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String) })
    }
    for (const id of ["abc", "0", "1.5", "9".repeat(19)]) {
      const answer = await request(ctx.app).post(`/api/admin/jobs/${id}/retry`).set(staff.headers)
      expect(answer.status, id).toBe(400)
      expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String) })
    }
    for (const id of [waiting.id, "999999999999"]) {
      const answer = await request(ctx.app).post(`/api/admin/jobs/${id}/retry`).set(staff.headers)
      expect(answer.status, id).toBe(404)
      expect(answer.body).toMatchObject({ error: "No failed job has that id.", message: "No failed job has that id." })
    }
    expect(await jobOf(kind)).toMatchObject({ attempts: 0, failed_at: null })
  })

  it("refuses the anonymous (401) and shoppers (403) on both routes", async () => {
    const shopper = await shopperSession(ctx.app)
    for (const call of [() => request(ctx.app).get("/api/admin/jobs?state=failed"), () => request(ctx.app).post("/api/admin/jobs/1/retry")]) {
      expect((await call()).status).toBe(401)
      expect((await call().set(shopper.headers)).status).toBe(403)
    }
  })
})
