import { randomBytes } from "node:crypto"
import { expect, type APIRequestContext } from "@playwright/test"

export function newAccount(label: string) {
  const id = randomBytes(4).toString("hex")
  return { name: `E2E ${label}`, email: `${label}-${id}@example.test`, handle: `${label}.${id}`.slice(0, 20), password: "journey2026" }
}

/** The newest message the dev outbox holds for an address. */
export async function latestMail(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }> {
  let mail: { subject: string; text: string } | undefined
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
      mail = ((await response.json()) as { messages: { subject: string; text: string }[] }).messages[0]
      return Boolean(mail)
    })
    .toBe(true)
  return mail!
}

export async function mailedCode(request: APIRequestContext, to: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await latestMail(request, to)).text)?.[1]
  expect(code, `a 6-digit code mailed to ${to}`).toBeTruthy()
  return code!
}

/** A verified account made through the API, for journeys that start after sign-up. */
export async function verifiedAccount(request: APIRequestContext, label: string) {
  const account = newAccount(label)
  expect((await request.post("/api/auth/signup", { data: account })).status()).toBe(201)
  const verify = await request.post("/api/auth/verify-email", { data: { email: account.email, code: await mailedCode(request, account.email) } })
  expect(verify.status()).toBe(200)
  return account
}
