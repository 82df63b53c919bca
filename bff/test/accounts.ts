import request from "supertest"
import type { RequestListener } from "node:http"
import { expect } from "vitest"
import { uniqueAccount } from "./app.js"

export async function latestMail(app: RequestListener, to: string) {
  const response = await request(app).get("/api/dev/outbox").query({ to })
  expect(response.status).toBe(200)
  return response.body.messages[0] as { subject: string; text: string; html: string } | undefined
}

export async function latestCode(app: RequestListener, to: string): Promise<string> {
  const mail = await latestMail(app, to)
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1]
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
