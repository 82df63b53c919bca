import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, TEST_PUBLIC_URL, uniqueAccount } from "../../../test/app.js"
import { CODE_MAIL, latestCode, latestMail, refreshCookieOf, signedUpUser } from "../../../test/accounts.js"
import { DEMO } from "../../../../commerce/src/scripts/seed/demo-accounts.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const post = (path: string, body: object) => request(ctx.app).post(path).send(body)

describe("POST /api/auth/signup", () => {
  it("creates the account, reserves the handle and mails a 6-digit code", async () => {
    const account = uniqueAccount("signup")
    const response = await post("/api/auth/signup", { ...account, email: account.email.toUpperCase(), handle: `@${account.handle.toUpperCase()}` })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({ message: "We sent a 6-digit code to your email. Enter it below to verify.", needsVerification: true, email: account.email })
    expect(await latestCode(ctx.app, account.email)).toMatch(/^\d{6}$/)
    const { rows } = await ctx.db.query("select handle, medusa_customer_id, email_verified_at from bff.users where email = $1", [account.email])
    expect(rows).toEqual([{ handle: account.handle, medusa_customer_id: expect.stringMatching(/^cus_/), email_verified_at: null }])
  })

  it("answers the same e-mail twice, whatever its case, as a new sign-up and never makes a second account", async () => {
    const account = uniqueAccount("twice")
    const first = await post("/api/auth/signup", account)
    expect(first.status).toBe(201)
    const again = await post("/api/auth/signup", { ...account, email: account.email.toUpperCase(), handle: `${account.handle}x`.slice(0, 20) })
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    const { rows } = await ctx.db.query("select count(*)::int as n from bff.users where email = $1", [account.email])
    expect(rows[0].n).toBe(1)
  })

  it("refuses a taken handle with the spec's text", async () => {
    const first = uniqueAccount("handle")
    expect((await post("/api/auth/signup", first)).status).toBe(201)
    const second = await post("/api/auth/signup", { ...uniqueAccount("other"), handle: first.handle.toUpperCase() })
    expect(second.status).toBe(409)
    expect(second.body.error).toBe("That @handle is already taken. Please choose another.")
  })

  it("answers two racing sign-ups with the same e-mail alike and makes one account", async () => {
    const account = uniqueAccount("race")
    const results = await Promise.all([post("/api/auth/signup", account), post("/api/auth/signup", { ...account, handle: `${account.handle.slice(0, 18)}x` })])
    expect(results.map((r) => r.status)).toEqual([201, 201])
    expect(results[0]!.body).toEqual(results[1]!.body)
    const { rows } = await ctx.db.query("select count(*)::int as n from bff.users where email = $1", [account.email])
    expect(rows[0].n).toBe(1)
  })

  it.each([
    [{ handle: "a" }, "Choose a valid @handle"],
    [{ handle: ".street" }, "Choose a valid @handle"],
    [{ password: "short1" }, "at least 8 characters"],
    [{ password: "nodigitshere" }, "include a letter and a number"],
    [{ email: "not-an-email" }, "valid email"],
    [{ name: "   " }, "Name is required"],
    [{ name: undefined }, "Name is required"],
  ])("rejects %o with a 400", async (change, text) => {
    const response = await post("/api/auth/signup", { ...uniqueAccount("bad"), ...change })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain(text)
  })
})

describe("verification", () => {
  it("signs the user in with the mailed code and sets a strict, httpOnly refresh cookie on /api/auth", async () => {
    const account = uniqueAccount("verify")
    await post("/api/auth/signup", account)
    const response = await post("/api/auth/verify-email", { email: account.email, code: await latestCode(ctx.app, account.email) })
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ email: account.email, handle: account.handle, name: account.name })
    expect(response.body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    const cookie = ([] as string[]).concat(response.headers["set-cookie"] ?? []).find((c) => c.startsWith("refresh_token="))!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(/Path=\/api\/auth/)
  })

  it("answers a wrong code with 400 and locks the code after 5 wrong tries", async () => {
    const account = uniqueAccount("wrong")
    await post("/api/auth/signup", account)
    const code = await latestCode(ctx.app, account.email)
    const wrong = code === "000000" ? "111111" : "000000"
    for (let i = 0; i < 4; i++) expect((await post("/api/auth/verify-email", { email: account.email, code: wrong })).status).toBe(400)
    const fifth = await post("/api/auth/verify-email", { email: account.email, code: wrong })
    expect(fifth.status).toBe(429)
    expect(fifth.body.message).toContain("Request a new code")
    expect((await post("/api/auth/verify-email", { email: account.email, code })).status).toBe(429)
  })

  it("refuses an expired code", async () => {
    const account = uniqueAccount("expired")
    await post("/api/auth/signup", account)
    const code = await latestCode(ctx.app, account.email)
    await ctx.db.query(
      "update bff.email_verifications set expires_at = now() - interval '1 second' where user_id = (select id from bff.users where email = $1)",
      [account.email],
    )
    const response = await post("/api/auth/verify-email", { email: account.email, code })
    expect(response.status).toBe(400)
    expect(response.body.error).toBe("Invalid or expired code")
  })

  it("keeps the 30 s resend cooldown on the server without telling, and answers unknown e-mails the same", async () => {
    const account = uniqueAccount("resend")
    await post("/api/auth/signup", account)
    const first = await latestCode(ctx.app, account.email)
    const early = await post("/api/auth/resend-verification", { email: account.email })
    expect(early.status).toBe(200)
    expect(early.body.message).toBe("Code resent. Check your inbox (and spam).")
    expect(await latestCode(ctx.app, account.email)).toBe(first)
    const { rows } = await ctx.db.query("select count(*)::int as n from bff.dev_outbox where to_email = $1", [account.email])
    expect(rows[0].n).toBe(1)
    await ctx.db.query(
      "update bff.email_verifications set sent_at = now() - interval '31 seconds' where user_id = (select id from bff.users where email = $1)",
      [account.email],
    )
    const asked = new Date()
    const later = await post("/api/auth/resend-verification", { email: account.email })
    expect(later.status).toBe(200)
    expect(later.body).toEqual(early.body)
    const second = await latestCode(ctx.app, account.email, { after: asked })
    expect((await post("/api/auth/verify-email", { email: account.email, code: second })).status).toBe(200)
    const unknown = await post("/api/auth/resend-verification", { email: `nobody-${Date.now()}@example.test` })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(later.body)
  })
})

describe("several sign-ups of one unverified address", () => {
  const handleFree = async (handle: string) => (await request(ctx.app).get("/api/fitfeed/handle/check").query({ handle })).body.available as boolean
  const profileOf = async (email: string) =>
    (await ctx.db.query<{ name: string; handle: string }>("select name, handle from bff.users where email = $1", [email])).rows[0]

  /** Two sign-ups of one address with their own names and handles; answers each one's mailed code. */
  async function twoSignups(label: string) {
    const first = { ...uniqueAccount(label), name: "First Signer" }
    expect((await post("/api/auth/signup", first)).status).toBe(201)
    const firstCode = await latestCode(ctx.app, first.email)
    const second = { ...first, name: "Second Signer", handle: `z${first.handle.slice(1)}`, password: "seconds-own42" }
    const asked = new Date()
    expect((await post("/api/auth/signup", second)).status).toBe(201)
    const secondCode = await latestCode(ctx.app, first.email, { after: asked })
    expect(secondCode).not.toBe(firstCode)
    return { first, second, firstCode, secondCode }
  }

  it("mails a sign-up's code without the name it gave, in the text and the HTML", async () => {
    const account = { ...uniqueAccount("greet"), name: "Your order is on hold pay at evil.example" }
    expect((await post("/api/auth/signup", account)).status).toBe(201)
    const mail = await latestMail(ctx.app, account.email, { subject: CODE_MAIL })
    expect(mail!.text).toMatch(/^Hi,\n\nYour verification code is \d{6}\./)
    expect(mail!.text).not.toContain("evil.example")
    expect(mail!.html).not.toContain("evil.example")
    expect(mail!.html).not.toContain("Your order")
  })

  it("mails no given name with a reset link to an unverified sign-up either", async () => {
    const account = { ...uniqueAccount("greetreset"), name: "Pay at evil.example now" }
    expect((await post("/api/auth/signup", account)).status).toBe(201)
    expect((await post("/api/auth/forgot-password", { email: account.email })).status).toBe(200)
    const mail = await latestMail(ctx.app, account.email, { subject: /^Reset your password$/ })
    expect(mail!.text).toMatch(/^Hi,\n/)
    expect(`${mail!.text}${mail!.html}`).not.toContain("evil.example")
  })

  it("verifying with the second sign-up's code gives the account the second's name and handle, and frees the first's handle", async () => {
    const { first, second, secondCode } = await twoSignups("second")
    expect(await handleFree(second.handle)).toBe(false)
    const verified = await post("/api/auth/verify-email", { email: first.email, code: secondCode, password: second.password })
    expect(verified.status).toBe(200)
    expect(verified.body.user).toMatchObject({ name: "Second Signer", handle: second.handle })
    expect(await profileOf(first.email)).toEqual({ name: "Second Signer", handle: second.handle })
    expect(await handleFree(first.handle)).toBe(true)
    const login = await post("/api/auth/login", { email: first.email, password: second.password })
    expect(login.status).toBe(200)
    expect(login.body.user).toMatchObject({ name: "Second Signer", handle: second.handle })
  })

  it("verifying with the first sign-up's code, after a second sign-up, keeps the first's name and handle and frees the second's", async () => {
    const { first, second, firstCode, secondCode } = await twoSignups("first")
    const verified = await post("/api/auth/verify-email", { email: first.email, code: firstCode, password: first.password })
    expect(verified.status).toBe(200)
    expect(verified.body.user).toMatchObject({ name: "First Signer", handle: first.handle })
    expect(await profileOf(first.email)).toEqual({ name: "First Signer", handle: first.handle })
    expect(await handleFree(second.handle)).toBe(true)
    // Every other code of the address is spent with it.
    expect((await post("/api/auth/verify-email", { email: first.email, code: secondCode })).status).toBe(400)
  })

  it("holds a second sign-up's handle against other addresses until the address is verified", async () => {
    const { second } = await twoSignups("holds")
    const other = await post("/api/auth/signup", { ...uniqueAccount("taker"), handle: second.handle })
    expect(other.status).toBe(409)
    expect(other.body.error).toBe("That @handle is already taken. Please choose another.")
  })

  it("counts a wrong code against every live code of the address: five wrong tries lock them all", async () => {
    const { first, firstCode, secondCode } = await twoSignups("lockall")
    const wrong = ["000000", "111111", "222222"].find((code) => code !== firstCode && code !== secondCode)!
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await post("/api/auth/verify-email", { email: first.email, code: wrong })).status)
    expect(statuses).toEqual([400, 400, 400, 400, 429])
    expect((await post("/api/auth/verify-email", { email: first.email, code: firstCode })).status).toBe(429)
    expect((await post("/api/auth/verify-email", { email: first.email, code: secondCode })).status).toBe(429)
  })
})

describe("login", () => {
  it("refuses an unverified account with a message about verifying", async () => {
    const account = uniqueAccount("unverified")
    await post("/api/auth/signup", account)
    const response = await post("/api/auth/login", { email: account.email, password: account.password })
    expect(response.status).toBe(403)
    expect(response.body.message).toMatch(/verify/i)
  })

  it("answers 401 'Invalid email or password' for a wrong password and an unknown e-mail alike", async () => {
    const user = await signedUpUser(ctx.app, "login")
    const wrongPassword = await post("/api/auth/login", { email: user.email, password: "wrong-pass-1" })
    const unknown = await post("/api/auth/login", { email: `ghost-${Date.now()}@example.test`, password: user.password })
    for (const response of [wrongPassword, unknown]) {
      expect(response.status).toBe(401)
      expect(response.body.error).toBe("Invalid email or password")
    }
  })

  it("signs in with any case of the e-mail", async () => {
    const user = await signedUpUser(ctx.app, "case")
    const response = await post("/api/auth/login", { email: user.email.toUpperCase(), password: user.password })
    expect(response.status).toBe(200)
    expect(response.headers["cache-control"]).toBe("no-store")
    expect(response.body.user.email).toBe(user.email)
    expect(refreshCookieOf(response)).toBeDefined()
  })

  it("adopts the seed's demo shopper on first sign-in", async () => {
    const response = await post("/api/auth/login", { email: DEMO.shopper.email, password: DEMO.shopper.password })
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ handle: expect.stringMatching(/^shopper\d*$/), name: `${DEMO.shopper.firstName} ${DEMO.shopper.lastName}` })
  })

  it("limits attempts per e-mail with 429 and Retry-After", async () => {
    const email = `limited-${Date.now()}@example.test`
    let last: request.Response | undefined
    for (let i = 0; i < 11; i++) last = await post("/api/auth/login", { email, password: "whatever-1" })
    expect(last!.status).toBe(429)
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0)
  })

  it("limits attempts per IP", async () => {
    const strict = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: "3" })
    try {
      const statuses = []
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await request(strict.app)
              .post("/api/auth/forgot-password")
              .send({ email: `ip${i}-${Date.now()}@example.test` })
          ).status,
        )
      expect(statuses).toEqual([200, 200, 200, 429])
    } finally {
      await strict.close()
    }
  })
})

describe("sessions", () => {
  it("rotates the refresh token, and a reused old token revokes the whole family", async () => {
    const user = await signedUpUser(ctx.app, "rotate")
    const first = await request(ctx.app).post("/api/auth/refresh").set("Cookie", user.cookie)
    expect(first.status).toBe(200)
    const rotated = refreshCookieOf(first)!
    expect(rotated).not.toBe(user.cookie)
    expect((await request(ctx.app).get("/api/auth/me").set("Authorization", `Bearer ${first.body.accessToken}`)).status).toBe(200)

    const replay = await request(ctx.app).post("/api/auth/refresh").set("Cookie", user.cookie)
    expect(replay.status).toBe(401)
    expect((await request(ctx.app).post("/api/auth/refresh").set("Cookie", rotated)).status).toBe(401)
    expect((await request(ctx.app).get("/api/auth/me").set("Authorization", `Bearer ${first.body.accessToken}`)).status).toBe(401)
  })

  it("answers a refresh without a cookie with no content and no token: no session is not a failure", async () => {
    for (const cookie of [undefined, "refresh_token=", "other=1"]) {
      const asked = request(ctx.app).post("/api/auth/refresh")
      const answer = await (cookie ? asked.set("Cookie", cookie) : asked)
      expect(answer.status).toBe(204)
      expect(answer.text).toBe("")
      expect(answer.headers["set-cookie"]).toBeUndefined()
      expect(answer.headers["cache-control"]).toBe("no-store")
    }
    expect((await request(ctx.app).post("/api/auth/refresh").set("Cookie", "refresh_token=forged")).status).toBe(401)
  })

  it("refuses the cookie routes from a foreign origin", async () => {
    const user = await signedUpUser(ctx.app, "origin")
    const foreign = await request(ctx.app).post("/api/auth/refresh").set("Cookie", user.cookie).set("Origin", "https://evil.example")
    expect(foreign.status).toBe(403)
    const crossSite = await request(ctx.app).post("/api/auth/logout").set("Cookie", user.cookie).set("Sec-Fetch-Site", "cross-site")
    expect(crossSite.status).toBe(403)
    const own = await request(ctx.app).post("/api/auth/refresh").set("Cookie", user.cookie).set("Origin", TEST_PUBLIC_URL)
    expect(own.status).toBe(200)
  })

  it("GET /api/auth/me needs a valid token", async () => {
    const user = await signedUpUser(ctx.app, "me")
    const me = await request(ctx.app).get("/api/auth/me").set("Authorization", `Bearer ${user.accessToken}`)
    expect(me.body.user).toEqual(user.user)
    expect(me.headers["cache-control"]).toBe("no-store")
    expect((await request(ctx.app).get("/api/auth/me")).status).toBe(401)
    expect((await request(ctx.app).get("/api/auth/me").set("Authorization", "Bearer nope")).status).toBe(401)
  })

  it("logout (POST or the GET link) revokes the session's refresh and access tokens", async () => {
    for (const method of ["post", "get"] as const) {
      const user = await signedUpUser(ctx.app, `out${method}`)
      const response = await request(ctx.app)[method]("/api/auth/logout").set("Cookie", user.cookie).set("Authorization", `Bearer ${user.accessToken}`)
      expect(response.status).toBe(method === "post" ? 204 : 303)
      expect((await request(ctx.app).post("/api/auth/refresh").set("Cookie", user.cookie)).status).toBe(401)
      expect((await request(ctx.app).get("/api/auth/me").set("Authorization", `Bearer ${user.accessToken}`)).status).toBe(401)
    }
  })
})

describe("password recovery", () => {
  it("answers the same for unknown and real accounts, and mails only real ones a link on the configured host", async () => {
    const user = await signedUpUser(ctx.app, "forgot")
    const ghost = `ghost-${Date.now()}@example.test`
    const real = await post("/api/auth/forgot-password", { email: user.email }).set("Host", "evil.example")
    const unknown = await post("/api/auth/forgot-password", { email: ghost })
    expect(real.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(real.body).toEqual(unknown.body)
    expect(real.body.message).toBe("we sent a reset link to your Email. Check your inbox.")
    const mail = await latestMail(ctx.app, user.email, { subject: /^Reset your password$/ })
    expect(await latestMail(ctx.app, ghost, { timeoutMs: 0 })).toBeUndefined()
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`)
    expect(mail!.text).not.toContain("evil.example")
  })

  it("resets the password once, revokes every session, and the new password works", async () => {
    const user = await signedUpUser(ctx.app, "reset")
    await post("/api/auth/forgot-password", { email: user.email })
    const token = new URL(/https?:\/\/\S+/.exec((await latestMail(ctx.app, user.email, { subject: /^Reset your password$/ }))!.text)![0]).searchParams.get(
      "token",
    )!
    const reset = await post("/api/auth/reset-password", { token, password: "newstreet77" })
    expect(reset.status).toBe(200)
    const again = await post("/api/auth/reset-password", { token, password: "another88x" })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe("Reset link is invalid or expired")
    expect((await request(ctx.app).post("/api/auth/refresh").set("Cookie", user.cookie)).status).toBe(401)
    expect((await post("/api/auth/login", { email: user.email, password: user.password })).status).toBe(401)
    expect((await post("/api/auth/login", { email: user.email, password: "newstreet77" })).status).toBe(200)
  })

  it("refuses a made-up token and a weak new password", async () => {
    const wrong = await post("/api/auth/reset-password", { token: "eyJhbGciOiJIUzI1NiJ9.eyJmb28iOiJiYXIifQ.c2lnbmF0dXJl", password: "newstreet77" })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe("Reset link is invalid or expired")
    const weak = await post("/api/auth/reset-password", { token: "x".repeat(40), password: "weak" })
    expect(weak.status).toBe(400)
  })
})
