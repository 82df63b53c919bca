import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, TEST_PUBLIC_URL } from "../../../test/app.js"
import { userRow } from "../../../test/users.js"
import { enqueueJob, jobQueue, PAST_DEADLINE } from "../../lib/jobs.js"
import { createLogger } from "../../lib/logger.js"
import type { Mail } from "../../lib/mailer.js"
import { usersRepository } from "../users/repository.js"
import { AUTH_MAIL_JOBS, authMailJobs, RESET_LINK_TTL_MS } from "./mail-jobs.js"
import { medusaIdentity } from "./medusa-identity.js"
import { unverifiedSignups } from "./unverified-signups.js"
import { CODE_TTL_MS, verificationCodes } from "./verification-codes.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

/** The app's account mail jobs, sending into a list. */
function mailJobs() {
  const sent: string[] = []
  const mails: Mail[] = []
  const logger = createLogger("silent")
  const identity = medusaIdentity(ctx.commerce)
  const jobs = authMailJobs({
    db: ctx.db,
    users: usersRepository(ctx.db),
    codes: verificationCodes(ctx.db, ctx.config.AUTH_TOKEN_SECRET),
    identity,
    signups: unverifiedSignups({ db: ctx.db, identity, logger }),
    mailer: {
      send: async (mail) => {
        sent.push(mail.to)
        mails.push(mail)
      },
    },
    logger,
    publicUrl: TEST_PUBLIC_URL,
  })
  return { sent, mails, handlers: jobs.handlers }
}

describe("account mail has a deadline", () => {
  it("a code or reset mail is worth sending for as long as its code or link lasts", () => {
    const { handlers } = mailJobs()
    expect(handlers[AUTH_MAIL_JOBS.signup]).toMatchObject({ deadlineMs: CODE_TTL_MS, maxAttempts: 8 })
    expect(handlers[AUTH_MAIL_JOBS.code]).toMatchObject({ deadlineMs: CODE_TTL_MS, maxAttempts: 8 })
    expect(handlers[AUTH_MAIL_JOBS.reset]).toMatchObject({ deadlineMs: RESET_LINK_TTL_MS, maxAttempts: 8 })
  })

  it("a code mail still queued when its code would have expired fails without sending or issuing a code; one in time is sent", async () => {
    const { sent, handlers } = mailJobs()
    // The code mail's own handler under a kind of this test's, so no other worker of the shared queue takes these jobs.
    const kind = `test.code-mail.${randomBytes(4).toString("hex")}`
    const worker = jobQueue({ db: ctx.db, logger: createLogger("silent"), handlers: { [kind]: handlers[AUTH_MAIL_JOBS.code]! } })
    const late = await userRow(ctx.db)
    const inTime = await userRow(ctx.db)
    await enqueueJob(ctx.db, kind, "late", { email: late.email, siteUrl: TEST_PUBLIC_URL })
    await enqueueJob(ctx.db, kind, "in-time", { email: inTime.email, siteUrl: TEST_PUBLIC_URL })
    await ctx.db.query("update bff.jobs set queued_at = now() - make_interval(secs => $2) where kind = $1 and key = 'late'", [kind, CODE_TTL_MS / 1000 + 60])

    expect(await worker.runDue()).toBe(2)

    expect(sent).toEqual([inTime.email])
    const { rows } = await ctx.db.query<{ key: string; done: boolean; failed: boolean; last_error: string | null }>(
      "select key, done_at is not null as done, failed_at is not null as failed, last_error from bff.jobs where kind = $1 order by key",
      [kind],
    )
    expect(rows).toEqual([
      { key: "in-time", done: true, failed: false, last_error: null },
      { key: "late", done: false, failed: true, last_error: PAST_DEADLINE },
    ])
    const codes = await ctx.db.query<{ user_id: string }>("select user_id from bff.email_verifications where user_id = any($1)", [[late.id, inTime.id]])
    expect(codes.rows).toEqual([{ user_id: inTime.id }])
  })
})

describe("account mail to an unverified account", () => {
  it("a code mail greets without the name the sign-up gave: no stranger's words reach the inbox", async () => {
    const { mails, handlers } = mailJobs()
    const kind = `test.code-mail.${randomBytes(4).toString("hex")}`
    const worker = jobQueue({ db: ctx.db, logger: createLogger("silent"), handlers: { [kind]: handlers[AUTH_MAIL_JOBS.code]! } })
    const user = await userRow(ctx.db)
    await ctx.db.query("update bff.users set name = 'Pay at evil.example' where id = $1", [user.id])
    await enqueueJob(ctx.db, kind, "code", { email: user.email, siteUrl: TEST_PUBLIC_URL })
    expect(await worker.runDue()).toBe(1)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toMatch(/^Hi,\n\nYour verification code is \d{6}\./)
    expect(`${mails[0]!.subject}${mails[0]!.text}${mails[0]!.html}`).not.toContain("evil.example")
  })
})
