import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { latestCode, latestMail } from "../../test/accounts.js"
import { createTestApp, uniqueAccount } from "../../test/app.js"
import { medusaIdentity } from "../features/auth/medusa-identity.js"
import { EXPIRE_SIGNUP_JOB, REMOVE_CUSTOMER_JOB, UNVERIFIED_TTL_MS, unverifiedSignups } from "../features/auth/unverified-signups.js"
import { jobQueue } from "../lib/jobs.js"
import { createLogger } from "../lib/logger.js"

/** Issue 18, item 7 (last sentence): unverified sign-ups expire after 24 hours, freeing the e-mail and handle. */

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const post = (path: string, body: object) => request(ctx.app).post(path).send(body)

/** Makes a sign-up 25 hours old, as if its 24 hours had passed. */
async function age(email: string) {
  await ctx.db.query("update bff.users set created_at = now() - interval '25 hours' where email = $1", [email])
}

async function signUp(account: ReturnType<typeof uniqueAccount>) {
  expect((await post("/api/auth/signup", account)).status).toBe(201)
  const { rows } = await ctx.db.query<{ id: string; medusa_customer_id: string }>("select id, medusa_customer_id from bff.users where email = $1", [
    account.email,
  ])
  return { ...rows[0]!, code: await latestCode(ctx.app, account.email) }
}

/** Medusa's live customers and credentials for an e-mail. */
async function medusaRecordsOf(email: string) {
  const customers = await ctx.db.query("select id from public.customer where email = $1 and deleted_at is null", [email])
  const identities = await ctx.db.query("select id from public.provider_identity where entity_id = $1 and provider = 'emailpass' and deleted_at is null", [
    email,
  ])
  return { customers: customers.rowCount, identities: identities.rowCount }
}

describe("unverified sign-ups", () => {
  it("7. an unverified sign-up older than 24 hours frees its e-mail and handle: they sign up again and the new account works", async () => {
    const first = uniqueAccount("lapsed")
    const old = await signUp(first)
    await age(first.email)

    // Past its time the old sign-up can no longer be verified, even with a code still in its 10 minutes.
    expect((await post("/api/auth/verify-email", { email: first.email, code: old.code })).status).toBe(400)

    const second = { ...first, name: "Second Owner", password: "another-pass9" }
    const asked = new Date()
    const again = await post("/api/auth/signup", second)
    expect(again.status).toBe(201)
    const { rows } = await ctx.db.query<{ id: string; handle: string; name: string; medusa_customer_id: string }>(
      "select id, handle, name, medusa_customer_id from bff.users where email = $1",
      [first.email],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ handle: first.handle, name: "Second Owner", medusa_customer_id: expect.stringMatching(/^cus_/) })
    expect(rows[0]!.id).not.toBe(old.id)
    expect(rows[0]!.medusa_customer_id).not.toBe(old.medusa_customer_id)
    expect(await medusaRecordsOf(first.email)).toEqual({ customers: 1, identities: 1 })

    const verify = await post("/api/auth/verify-email", { email: first.email, code: await latestCode(ctx.app, first.email, { after: asked }) })
    expect(verify.status).toBe(200)
    expect(verify.body.user).toMatchObject({ handle: first.handle, name: "Second Owner" })
    expect((await post("/api/auth/login", { email: first.email, password: second.password })).status).toBe(200)
    expect((await post("/api/auth/login", { email: first.email, password: first.password })).status).toBe(401)
  })

  it("7. a handle held by an expired sign-up goes to a new e-mail", async () => {
    const holder = uniqueAccount("squat")
    await signUp(holder)
    const taker = { ...uniqueAccount("taker"), handle: holder.handle }
    expect((await post("/api/auth/signup", taker)).status).toBe(409)
    await age(holder.email)
    expect((await post("/api/auth/signup", taker)).status).toBe(201)
    expect((await post("/api/auth/verify-email", { email: taker.email, code: await latestCode(ctx.app, taker.email) })).status).toBe(200)
    expect((await post("/api/auth/login", { email: taker.email, password: taker.password })).body.user.handle).toBe(holder.handle)
    // The expired holder is gone entirely, its Medusa side included.
    const { rowCount } = await ctx.db.query("select 1 from bff.users where email = $1", [holder.email])
    expect(rowCount).toBe(0)
    expect(await medusaRecordsOf(holder.email)).toEqual({ customers: 0, identities: 0 })
  })

  it("7. each sign-up queues its own removal 24 hours on, which frees the e-mail with nobody signing up; a verified account is kept", async () => {
    const lapsed = uniqueAccount("sweep")
    const kept = uniqueAccount("kept")
    const lapsedRow = await signUp(lapsed)
    const keptRow = await signUp(kept)
    expect((await post("/api/auth/verify-email", { email: kept.email, code: keptRow.code })).status).toBe(200)

    const { rows: scheduled } = await ctx.db.query<{ late_ms: number }>(
      `select extract(epoch from (j.run_at - u.created_at)) * 1000 as late_ms
         from bff.jobs j join bff.users u on u.id::text = j.key where j.kind = $1 and u.id = $2`,
      [EXPIRE_SIGNUP_JOB, lapsedRow.id],
    )
    expect(Math.abs(Number(scheduled[0]!.late_ms) - UNVERIFIED_TTL_MS)).toBeLessThan(60_000)

    await ctx.db.query("update bff.users set created_at = now() - interval '25 hours' where id = any($1)", [[lapsedRow.id, keptRow.id]])
    await ctx.db.query("update bff.jobs set run_at = now() where kind = $1 and key = any($2)", [EXPIRE_SIGNUP_JOB, [lapsedRow.id, keptRow.id]])
    // The app's own handlers, on a worker that takes only these kinds (the shared queue holds other tests' jobs).
    const logger = createLogger("silent")
    const signups = unverifiedSignups({ db: ctx.db, identity: medusaIdentity(ctx.commerce), logger })
    const worker = jobQueue({ db: ctx.db, logger, handlers: { [EXPIRE_SIGNUP_JOB]: signups.expireJob, [REMOVE_CUSTOMER_JOB]: signups.removeCustomerJob } })
    await worker.runDue()

    const { rows: left } = await ctx.db.query<{ email: string }>("select email from bff.users where id = any($1)", [[lapsedRow.id, keptRow.id]])
    expect(left).toEqual([{ email: kept.email }])
    expect(await medusaRecordsOf(lapsed.email)).toEqual({ customers: 0, identities: 0 })
    expect(await medusaRecordsOf(kept.email)).toEqual({ customers: 1, identities: 1 })
    expect((await post("/api/auth/login", { email: kept.email, password: kept.password })).status).toBe(200)
    const again = await post("/api/auth/signup", { ...lapsed, password: "comeback-77" })
    expect(again.status).toBe(201)
    expect((await post("/api/auth/verify-email", { email: lapsed.email, code: await latestCode(ctx.app, lapsed.email) })).status).toBe(200)
  })

  it("7. an expired sign-up gets no new code from resend", async () => {
    const account = uniqueAccount("stale")
    await signUp(account)
    await age(account.email)
    await ctx.db.query("update bff.email_verifications set sent_at = now() - interval '1 hour' where user_id = (select id from bff.users where email = $1)", [
      account.email,
    ])
    const asked = new Date()
    expect((await post("/api/auth/resend-verification", { email: account.email })).status).toBe(200)
    await latestMail(ctx.app, "nobody@example.test", { timeoutMs: 0 }) // runs the queued mail jobs
    expect(await latestMail(ctx.app, account.email, { after: asked, timeoutMs: 0 })).toBeUndefined()
  })
})
