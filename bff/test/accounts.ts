import request from "supertest"
import type { RequestListener } from "node:http"
import { expect } from "vitest"
import type { ShopApp } from "../src/app.js"
import { uniqueAccount } from "./app.js"

type OutboxMail = { subject: string; text: string; html: string; createdAt: string }

/**
 * Account mail goes out from the app's mail queue, which test apps don't run on their own: this runs its
 * due jobs (any test app's, as one worker of the shared queue) until a matching message reaches the
 * dev outbox, and answers the newest one (undefined after `timeoutMs` without one).
 */
export async function latestMail(
  app: RequestListener,
  to: string,
  { subject, after, timeoutMs = 8000 }: { subject?: RegExp; after?: Date; timeoutMs?: number } = {},
): Promise<OutboxMail | undefined> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    await runMailJobs(app)
    const response = await request(app).get("/api/dev/outbox").query({ to })
    expect(response.status).toBe(200)
    const mail = (response.body.messages as OutboxMail[]).find(
      (m) => (!subject || subject.test(m.subject)) && (!after || new Date(m.createdAt).getTime() >= after.getTime()),
    )
    if (mail || Date.now() > deadline) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Sends the account mail queued so far (a test app's mail queue runs only when asked). */
export async function runMailJobs(app: RequestListener): Promise<void> {
  const mail = (app as Partial<ShopApp>).background?.mail
  if (mail) await mail.runDue()
}

export const CODE_MAIL = /is your verification code$/

export async function latestCode(app: RequestListener, to: string, { after }: { after?: Date } = {}): Promise<string> {
  const mail = await latestMail(app, to, { subject: CODE_MAIL, ...(after ? { after } : {}) })
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? "")?.[1]
  if (!code) throw new Error(`no code mailed to ${to}`)
  return code
}

export function refreshCookieOf(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers["set-cookie"] ?? [])
  const cookie = cookies.find((c) => c.startsWith("refresh_token="))
  return cookie?.split(";")[0]
}

/** Signs up and verifies a fresh account; returns its credentials, access token and refresh cookie. */
export async function signedUpUser(app: RequestListener, label = "user") {
  const account = uniqueAccount(label)
  const signup = await request(app).post("/api/auth/signup").send(account)
  expect(signup.status).toBe(201)
  const verify = await request(app)
    .post("/api/auth/verify-email")
    .send({ email: account.email, code: await latestCode(app, account.email) })
  expect(verify.status).toBe(200)
  return { ...account, accessToken: verify.body.accessToken as string, cookie: refreshCookieOf(verify)!, user: verify.body.user }
}
