import { createServer, request as httpRequest } from "node:http"
import type { AddressInfo } from "node:net"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { latestCode, latestMail, signedUpUser } from "../../test/accounts.js"
import { createTestApp, TEST_PUBLIC_URL, uniqueAccount } from "../../test/app.js"
import { AUTH_MAIL_JOBS, authMailJobs } from "../features/auth/mail-jobs.js"
import { medusaIdentity } from "../features/auth/medusa-identity.js"
import { unverifiedSignups } from "../features/auth/unverified-signups.js"
import { verificationCodes } from "../features/auth/verification-codes.js"
import { usersRepository } from "../features/users/repository.js"
import { createLogger } from "../lib/logger.js"
import { TEXTS } from "../features/auth/service.js"

/** Issue 18, item 3: no account enumeration (sign-up, resend and forgot-password answer alike for every address). */

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const post = (path: string, body: object) => request(ctx.app).post(path).send(body)
const SOMEONE_TRIED = /^Someone tried to sign up with your e-mail$/

async function accountsWith(email: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>("select count(*)::int as n from bff.users where email = $1", [email])
  return rows[0]!.n
}

async function outboxCount(email: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>("select count(*)::int as n from bff.dev_outbox where to_email = $1", [email])
  return rows[0]!.n
}

/** The jobs queued for an address, by kind. */
async function jobsFor(email: string): Promise<string[]> {
  const { rows } = await ctx.db.query<{ kind: string }>("select kind from bff.jobs where payload->>'email' = $1 order by id", [email])
  return rows.map((row) => row.kind)
}

/** A pass-through proxy to the run's Medusa that counts the calls made through it. */
async function countingMedusa() {
  const target = new URL(inject("medusaUrl"))
  let calls = 0
  const server = createServer((req, res) => {
    calls++
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

describe("sign-up", () => {
  it("3. sign-up with an existing e-mail answers exactly as a new sign-up does, and the owner is mailed that someone tried", async () => {
    const owner = await signedUpUser(ctx.app, "owner")
    const ownerJobs = await jobsFor(owner.email)
    const fresh = uniqueAccount("fresh")
    const asNew = await post("/api/auth/signup", fresh)
    const asExisting = await post("/api/auth/signup", { ...uniqueAccount("again"), email: owner.email.toUpperCase() })

    expect(asExisting.status).toBe(asNew.status)
    expect(asNew.status).toBe(201)
    expect(asNew.body).toEqual({ message: TEXTS.signupSent, needsVerification: true, email: fresh.email })
    expect(asExisting.body).toEqual({ message: TEXTS.signupSent, needsVerification: true, email: owner.email })
    expect(Object.keys(asExisting.headers).sort()).toEqual(Object.keys(asNew.headers).sort())
    // The same work queued in both cases: one sign-up mail job.
    expect(await jobsFor(fresh.email)).toEqual([AUTH_MAIL_JOBS.signup])
    expect(await jobsFor(owner.email)).toEqual([...ownerJobs, AUTH_MAIL_JOBS.signup])

    const note = await latestMail(ctx.app, owner.email, { subject: SOMEONE_TRIED })
    expect(note?.text).toContain(`${TEST_PUBLIC_URL}/login`)
    expect(note?.text).toContain(`${TEST_PUBLIC_URL}/forgot-password`)
    // The new address got its code; the existing account is untouched and still the only one.
    expect(await latestCode(ctx.app, fresh.email)).toMatch(/^\d{6}$/)
    expect(await accountsWith(owner.email)).toBe(1)
    const login = await post("/api/auth/login", { email: owner.email, password: owner.password })
    expect(login.status).toBe(200)
    expect(login.body.user.handle).toBe(owner.handle)
  })

  it("3. a taken handle answers the same whether or not the e-mail has an account", async () => {
    const owner = await signedUpUser(ctx.app, "holder")
    const other = await signedUpUser(ctx.app, "other")
    const withKnownEmail = await post("/api/auth/signup", { ...uniqueAccount("x"), email: owner.email, handle: other.handle })
    const withNewEmail = await post("/api/auth/signup", { ...uniqueAccount("y"), handle: other.handle })
    expect(withKnownEmail.status).toBe(409)
    expect(withNewEmail.status).toBe(409)
    expect(withKnownEmail.body).toEqual(withNewEmail.body)
  })

  it("3. racing sign-ups for one e-mail all answer as a new sign-up, and one account exists", async () => {
    const account = uniqueAccount("racer")
    const results = await Promise.all(
      ["a", "b", "c"].map((suffix) => post("/api/auth/signup", { ...account, handle: `${account.handle.slice(0, 18)}${suffix}` })),
    )
    for (const result of results) {
      expect(result.status).toBe(201)
      expect(result.body).toEqual({ message: TEXTS.signupSent, needsVerification: true, email: account.email })
    }
    expect(await accountsWith(account.email)).toBe(1)
    // The latest code may be a later sign-up's: it verifies with the password typed, as the storefront sends it.
    const verify = await post("/api/auth/verify-email", { email: account.email, code: await latestCode(ctx.app, account.email), password: account.password })
    expect(verify.status).toBe(200)
  })

  it("3. signing up again with an unverified e-mail answers as new and mails a fresh code once the cooldown is over; verifying with it sets the verifier's password", async () => {
    const account = uniqueAccount("pending")
    expect((await post("/api/auth/signup", account)).status).toBe(201)
    const first = await latestCode(ctx.app, account.email)
    await ctx.db.query(
      "update bff.email_verifications set sent_at = now() - interval '31 seconds' where user_id = (select id from bff.users where email = $1)",
      [account.email],
    )
    const asked = new Date()
    // Someone else signed up first with the owner's address; the owner's own sign-up keeps its credentials, and the
    // owner verifies with its code and the password they chose, as the storefront sends it.
    const owner = { ...account, handle: `${account.handle.slice(0, 18)}z`, password: "ownersown77" }
    const again = await post("/api/auth/signup", owner)
    expect(again.status).toBe(201)
    expect(again.body).toEqual({ message: TEXTS.signupSent, needsVerification: true, email: account.email })
    const second = await latestCode(ctx.app, account.email, { after: asked })
    expect(await accountsWith(account.email)).toBe(1)
    const verify = await post("/api/auth/verify-email", { email: account.email, code: second, password: owner.password })
    expect(verify.status, `the fresh code ${second} (the first was ${first}) verifies`).toBe(200)
    // The account takes the name and handle of the sign-up whose code was entered (issue 41, item 5).
    expect(verify.body.user.handle).toBe(owner.handle)
    expect((await post("/api/auth/login", { email: account.email, password: owner.password })).status).toBe(200)
    expect((await post("/api/auth/login", { email: account.email, password: account.password })).status).toBe(401)
  })
})

describe("resend", () => {
  it("3. resend answers the same for unknown, verified, unverified and in-cooldown addresses", async () => {
    const verified = await signedUpUser(ctx.app, "done")
    const pending = uniqueAccount("waiting")
    expect((await post("/api/auth/signup", pending)).status).toBe(201)
    await latestCode(ctx.app, pending.email)
    const unknown = `nobody-${Date.now()}@example.test`

    const inCooldown = await post("/api/auth/resend-verification", { email: pending.email })
    const forUnknown = await post("/api/auth/resend-verification", { email: unknown })
    const forVerified = await post("/api/auth/resend-verification", { email: verified.email })
    await ctx.db.query(
      "update bff.email_verifications set sent_at = now() - interval '31 seconds' where user_id = (select id from bff.users where email = $1)",
      [pending.email],
    )
    const asked = new Date()
    const afterCooldown = await post("/api/auth/resend-verification", { email: pending.email })

    for (const answer of [inCooldown, forUnknown, forVerified, afterCooldown]) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ message: TEXTS.resent })
      expect(answer.headers["retry-after"]).toBeUndefined()
    }
    // Each request queued one job and nothing else; only the one past its cooldown mailed a code.
    expect(await jobsFor(unknown)).toEqual([AUTH_MAIL_JOBS.code])
    await latestCode(ctx.app, pending.email, { after: asked })
    expect(await outboxCount(pending.email)).toBe(2)
    expect(await outboxCount(unknown)).toBe(0)
    expect(await latestMail(ctx.app, verified.email, { after: asked, timeoutMs: 0 })).toBeUndefined()
  })
})

describe("forgot-password", () => {
  it("3. forgot-password does the same work in the request for known and unknown addresses; the job mails the link", async () => {
    const known = await signedUpUser(ctx.app, "forgets")
    const unknown = `stranger-${Date.now()}@example.test`
    const medusa = await countingMedusa()
    const proxied = await createTestApp({ MEDUSA_URL: medusa.url })
    try {
      const answers = []
      for (const email of [known.email, unknown]) {
        const before = medusa.calls()
        answers.push(await request(proxied.app).post("/api/auth/forgot-password").send({ email }))
        // Nothing reaches Medusa while the request runs (no reset token is made there) ...
        expect(medusa.calls() - before).toBe(0)
        // ... and the request's only work is one queued job carrying the address, never a token.
        const { rows } = await ctx.db.query<{ kind: string; payload: Record<string, unknown> }>(
          "select kind, payload from bff.jobs where payload->>'email' = $1 and kind = $2",
          [email, AUTH_MAIL_JOBS.reset],
        )
        expect(rows).toEqual([{ kind: AUTH_MAIL_JOBS.reset, payload: { email, siteUrl: TEST_PUBLIC_URL } }])
      }
      const [forKnown, forUnknown] = answers
      expect(forKnown!.status).toBe(200)
      expect(forUnknown!.status).toBe(200)
      expect(forKnown!.body).toEqual(forUnknown!.body)
      expect(forKnown!.body).toEqual({ message: TEXTS.resetSent })

      // The job does the lookup, asks Medusa for the token and mails the link.
      const mail = await latestMail(proxied.app, known.email, { subject: /^Reset your password$/ })
      expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`)
      expect(medusa.calls()).toBeGreaterThan(0)
      expect(await latestMail(proxied.app, unknown, { timeoutMs: 0 })).toBeUndefined()
      const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get("token")!
      expect((await post("/api/auth/reset-password", { token, password: "freshstart9" })).status).toBe(200)
    } finally {
      await proxied.close()
      await medusa.close()
    }
  })

  it("3. a reset mail that cannot be sent fails its job, which the queue retries", async () => {
    const known = await signedUpUser(ctx.app, "retry")
    const users = usersRepository(ctx.db)
    const identity = medusaIdentity(ctx.commerce)
    const logger = createLogger("silent")
    let sent = 0
    const flakyMailer = {
      async send() {
        if (++sent === 1) throw new Error("smtp unreachable")
      },
    }
    const mail = authMailJobs({
      db: ctx.db,
      users,
      codes: verificationCodes(ctx.db, ctx.config.AUTH_TOKEN_SECRET),
      identity,
      signups: unverifiedSignups({ db: ctx.db, identity, logger }),
      mailer: flakyMailer,
      logger,
      publicUrl: TEST_PUBLIC_URL,
    })
    const job = (attempts: number) => ({
      id: "0",
      kind: AUTH_MAIL_JOBS.reset,
      key: "k",
      payload: { email: known.email, siteUrl: TEST_PUBLIC_URL },
      attempts,
      createdAt: new Date(),
    })
    // Throwing is how a handler asks lib/jobs.ts for a retry (with backoff); the retry sends.
    await expect(mail.handlers[AUTH_MAIL_JOBS.reset]!.run(job(1))).rejects.toThrow("smtp unreachable")
    await mail.handlers[AUTH_MAIL_JOBS.reset]!.run(job(2))
    expect(sent).toBe(2)
  })
})
