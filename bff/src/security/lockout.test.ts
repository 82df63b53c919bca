import { randomBytes } from "node:crypto"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, uniqueAccount } from "../../test/app.js"
import { latestCode, latestMail, runMailJobs, signedUpUser } from "../../test/accounts.js"
import { DEMO } from "../../../commerce/src/scripts/seed/demo-accounts.js"
import { hmacSha256 } from "../lib/tokens.js"
import { DEVICE_COOKIE } from "../features/auth/device-cookie.js"

/**
 * Issue 18, item 4: limits slow strangers without locking the owner out. A sign-in leaves a device cookie;
 * per-account limits spare the devices that carry a valid one, and count their attempts per device instead.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const LOGIN = "/api/auth/login"
const STAFF_LOGIN = "/api/admin/auth/login"
const post = (path: string, body: object, cookie?: string) => {
  const call = request(ctx.app).post(path).send(body)
  return cookie ? call.set("Cookie", cookie) : call
}

function deviceCookieOf(response: request.Response): string {
  const cookies = ([] as string[]).concat(response.headers["set-cookie"] ?? [])
  const cookie = cookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
  if (!cookie) throw new Error("no device cookie set")
  return cookie.split(";")[0]!
}

/** A verified account that signed in once on "its" device: its credentials and that device's cookie. */
async function ownerWithDevice(label = "owner", path = LOGIN) {
  const owner = await signedUpUser(ctx.app, label)
  const signIn = await post(path, { email: owner.email, password: owner.password })
  expect(signIn.status).toBe(200)
  return { ...owner, device: deviceCookieOf(signIn) }
}

/** A stranger's guesses at `email`'s password, from a client without its device cookie: the statuses. */
async function strangerGuesses(email: string, times = 10, path = LOGIN): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < times; i++) statuses.push((await post(path, { email, password: `guess-${i}-wrong` })).status)
  return statuses
}

const LOCKED_OUT = [...Array<number>(10).fill(401), 429]
/** The stranger's guesses after the owner's one sign-in from a new device (which counted against the account too). */
const LOCKED_AFTER_OWNER = [...Array<number>(9).fill(401), 429]

/** The reset mails `to` has received so far, after the mail queue ran. */
async function resetMails(to: string) {
  await runMailJobs(ctx.app)
  const response = await request(ctx.app).get("/api/dev/outbox").query({ to })
  return (response.body.messages as { subject: string; text: string }[]).filter((mail) => mail.subject === "Reset your password")
}

const linkToken = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get("token")!

/** A reset token anyone can write: Medusa's claims, a made-up signature. */
function forgedResetToken(email: string) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url")
  const claims = { entity_id: email, provider: "emailpass", jti: randomBytes(8).toString("hex"), exp: Math.floor(Date.now() / 1000) + 600 }
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.${randomBytes(32).toString("base64url")}`
}

describe("sign-in", () => {
  it("4. after a stranger's wrong passwords, the owner still signs in from a device they signed in on before", async () => {
    const owner = await ownerWithDevice()
    expect(await strangerGuesses(owner.email)).toEqual(LOCKED_AFTER_OWNER)
    const signIn = await post(LOGIN, { email: owner.email, password: owner.password }, owner.device)
    expect(signIn.status).toBe(200)
    // The cookie itself: long-lived, out of scripts' reach, never sent cross-site, only to the API.
    const cookie = ([] as string[]).concat(signIn.headers["set-cookie"] ?? []).find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Strict/)
    expect(cookie).toMatch(/; Path=\/api\//)
    expect(cookie).toMatch(/; Max-Age=\d{7,}/)
    expect(cookie).not.toContain(owner.email)
  })

  it("4. a client without the device cookie is refused with 429 and Retry-After once strangers spent the account's limit, even with the right password", async () => {
    const owner = await ownerWithDevice()
    await strangerGuesses(owner.email)
    const refused = await post(LOGIN, { email: owner.email, password: owner.password })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
  })

  it("4. a device cookie for another e-mail doesn't spare a locked account", async () => {
    const owner = await ownerWithDevice()
    const other = await ownerWithDevice("other")
    // A browser shared by both: the other account signs in on the owner's device too, which keeps the owner's proof.
    const shared = deviceCookieOf(await post(LOGIN, { email: other.email, password: other.password }, owner.device))
    await strangerGuesses(owner.email)
    expect((await post(LOGIN, { email: owner.email, password: owner.password }, other.device)).status).toBe(429)
    expect((await post(LOGIN, { email: owner.email, password: owner.password }, shared)).status).toBe(200)
  })

  it("4. a forged or tampered device cookie doesn't spare a locked account", async () => {
    const owner = await ownerWithDevice()
    await strangerGuesses(owner.email)
    const [name, value] = owner.device.split("=") as [string, string]
    const tampered = `${name}=${value.slice(0, -1)}${value.endsWith("0") ? "1" : "0"}`
    const nonce = randomBytes(16).toString("hex")
    const forged = `${name}=${nonce}.${hmacSha256(hmacSha256("not-the-server-secret-but-long-enough", "device-cookie"), `${owner.email}\n${nonce}`)}`
    for (const cookie of [tampered, forged, `${name}=${nonce}.${"0".repeat(64)}`, `${name}=garbage`]) {
      expect((await post(LOGIN, { email: owner.email, password: owner.password }, cookie)).status).toBe(429)
    }
    expect((await post(LOGIN, { email: owner.email, password: owner.password }, owner.device)).status).toBe(200)
  })

  it("4. wrong passwords from a device cookie are limited per device, and don't lock the account", async () => {
    const owner = await ownerWithDevice()
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await post(LOGIN, { email: owner.email, password: `guess-${i}-wrong` }, owner.device)).status)
    const stolen = await post(LOGIN, { email: owner.email, password: owner.password }, owner.device)
    statuses.push(stolen.status)
    expect(statuses).toEqual(LOCKED_OUT)
    expect(Number(stolen.headers["retry-after"])).toBeGreaterThan(0)
    // The account's own counter never saw those attempts.
    expect((await post(LOGIN, { email: owner.email, password: owner.password })).status).toBe(200)
  })

  it("4. the console's staff sign-in spares the devices staff signed in on before", async () => {
    const admin = { email: DEMO.admin.email, password: DEMO.admin.password }
    const signIn = await post(STAFF_LOGIN, admin)
    expect(signIn.status).toBe(200)
    const device = deviceCookieOf(signIn)
    expect(await strangerGuesses(admin.email, 10, STAFF_LOGIN)).toEqual(LOCKED_AFTER_OWNER)
    const refused = await post(STAFF_LOGIN, admin)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
    expect((await post(STAFF_LOGIN, admin, device)).status).toBe(200)
    // The shop's door and the console's count together, with the same cookie.
    expect((await post(LOGIN, { ...admin, password: "guess-wrong" })).status).toBe(429)
  })
})

describe("recovery", () => {
  it("4. a stranger flooding forgot-password can't stop the owner getting a working reset link", async () => {
    const owner = await ownerWithDevice()
    const unknown = await post("/api/auth/forgot-password", { email: uniqueAccount("ghost").email })
    const answers: request.Response[] = []
    for (let i = 0; i < 12; i++) answers.push(await post("/api/auth/forgot-password", { email: owner.email }))
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(unknown.body)
    }
    // The stranger's calls mail the owner a few links (which the owner can use), then nothing more.
    const flooded = await resetMails(owner.email)
    expect(flooded.length).toBeGreaterThan(0)
    expect(flooded.length).toBeLessThanOrEqual(3)
    // The owner, from their device, still gets a fresh link, and it works.
    const own = await post("/api/auth/forgot-password", { email: owner.email }, owner.device)
    expect(own.body).toEqual(unknown.body)
    const mails = await resetMails(owner.email)
    expect(mails).toHaveLength(flooded.length + 1)
    const reset = await post("/api/auth/reset-password", { token: linkToken(mails[0]!.text), password: "fresh-start-42" })
    expect(reset.status).toBe(200)
    expect((await post(LOGIN, { email: owner.email, password: "fresh-start-42" }, owner.device)).status).toBe(200)
  })

  it("4. a stranger flooding resend-verification can't stop the owner verifying", async () => {
    const owner = uniqueAccount("unverified")
    expect((await post("/api/auth/signup", owner)).status).toBe(201)
    const answers: request.Response[] = []
    for (let i = 0; i < 12; i++) answers.push(await post("/api/auth/resend-verification", { email: owner.email }))
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(12).fill(200))
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1)
    const verify = await post("/api/auth/verify-email", { email: owner.email, code: await latestCode(ctx.app, owner.email) })
    expect(verify.status).toBe(200)
    expect(deviceCookieOf(verify)).toMatch(new RegExp(`^${DEVICE_COOKIE}=`))
  })

  it("4. a stranger's wrong codes can't stop the owner verifying with a new code", async () => {
    const owner = uniqueAccount("unverified")
    expect((await post("/api/auth/signup", owner)).status).toBe(201)
    const first = await latestCode(ctx.app, owner.email)
    const wrong = first === "000000" ? "111111" : "000000"
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) statuses.push((await post("/api/auth/verify-email", { email: owner.email, code: wrong })).status)
    expect(statuses.at(-1)).toBe(429)
    // The code is spent; the owner asks for another (past the resend cooldown) and verifies with it.
    await ctx.db.query("update bff.email_verifications set sent_at = now() - interval '1 hour' where user_id = (select id from bff.users where email = $1)", [
      owner.email,
    ])
    const asked = new Date()
    expect((await post("/api/auth/resend-verification", { email: owner.email })).status).toBe(200)
    const code = await latestCode(ctx.app, owner.email, { after: new Date(asked.getTime() - 1000) })
    expect(code).not.toBe(first)
    expect((await post("/api/auth/verify-email", { email: owner.email, code })).status).toBe(200)
  })

  it("4. reset-password limits tries per token with 429 and Retry-After", async () => {
    const token = `made-up-${randomBytes(12).toString("hex")}`
    const statuses: number[] = []
    let last: request.Response | undefined
    for (let i = 0; i < 6; i++) {
      last = await post("/api/auth/reset-password", { token, password: "fresh-start-42" })
      statuses.push(last.status)
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0)
    expect((await post("/api/auth/reset-password", { token: `${token}-other`, password: "fresh-start-42" })).status).toBe(400)
  })

  it("4. reset-password limits tries per account, sparing the owner's devices", async () => {
    const owner = await ownerWithDevice()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await post("/api/auth/reset-password", { token: forgedResetToken(owner.email), password: "fresh-start-42" })).status)
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429])
    expect((await post("/api/auth/forgot-password", { email: owner.email }, owner.device)).status).toBe(200)
    const token = linkToken((await latestMail(ctx.app, owner.email, { subject: /^Reset your password$/ }))!.text)
    const untrusted = await post("/api/auth/reset-password", { token, password: "fresh-start-42" })
    expect(untrusted.status).toBe(429)
    expect(Number(untrusted.headers["retry-after"])).toBeGreaterThan(0)
    expect((await post("/api/auth/reset-password", { token, password: "fresh-start-42" }, owner.device)).status).toBe(200)
  })
})
