import { randomBytes } from "node:crypto"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, TEST_PUBLIC_URL } from "../../../test/app.js"
import { latestCode, latestMail, refreshCookieOf, signedUpUser } from "../../../test/accounts.js"
import { medusaAdminUser, shopperSession } from "../../../test/staff.js"
import { DEMO } from "../../../../commerce/src/scripts/seed/demo-accounts.js"
import { STAFF_EMAIL_TAKEN } from "./service.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const LOGIN = "/api/admin/auth/login"
const PERMISSION_DENIED = "You don’t have permission to do that."
/** A route behind requireStaff that reads nothing but the session. */
const STAFF_ROUTE = "/api/admin/fitfeed/reported"

const login = (body: object) => request(ctx.app).post(LOGIN).send(body)
const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` })

const freshStaff = () => medusaAdminUser({ email: `asha-${randomBytes(4).toString("hex")}@staff.example.test` })

describe("POST /api/admin/auth/login", () => {
  it("signs a Medusa admin user in as staff: role admin, the shop's refresh cookie, and a token requireStaff lets through", async () => {
    const staff = await freshStaff()
    const response = await login({ email: staff.email.toUpperCase(), password: staff.password })
    expect(response.status).toBe(200)
    expect(response.headers["cache-control"]).toBe("no-store")
    expect(response.body).toEqual({
      accessToken: expect.any(String),
      user: {
        id: expect.any(String),
        name: staff.name,
        email: staff.email,
        handle: expect.stringMatching(/^asha-[0-9a-f]{8}$/),
        avatarUrl: null,
        phone: null,
        role: "admin",
      },
    })
    const cookie = ([] as string[]).concat(response.headers["set-cookie"] ?? []).find((c) => c.startsWith("refresh_token="))
    expect(cookie).toMatch(/; Path=\/api\/auth; .*HttpOnly; SameSite=Strict/)
    const { rows } = await ctx.db.query("select role, medusa_user_id, medusa_customer_id from bff.users where id = $1", [response.body.user.id])
    expect(rows).toEqual([{ role: "admin", medusa_user_id: staff.id, medusa_customer_id: null }])
    const admitted = await request(ctx.app).get(STAFF_ROUTE).set(bearer(response.body.accessToken))
    expect(admitted.status).toBe(200)
  })

  it("signs the seed's demo admin in, and finds the same staff row at every sign-in", async () => {
    const first = await login(DEMO.admin)
    const second = await login(DEMO.admin)
    expect(first.status).toBe(200)
    expect(first.body.user).toMatchObject({ email: DEMO.admin.email, role: "admin", name: "Demo Admin" })
    expect(second.body.user.id).toBe(first.body.user.id)
    expect((await request(ctx.app).get(STAFF_ROUTE).set(bearer(second.body.accessToken))).status).toBe(200)
  })

  it("makes one staff row when a member of staff's first two sign-ins race", async () => {
    const staff = await freshStaff()
    const [a, b] = await Promise.all([login(staff), login(staff)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.body.user.id).toBe(b.body.user.id)
  })

  it("answers a shopper's own e-mail and password with the shop's 401 text, and leaves them a shopper", async () => {
    const shopper = await signedUpUser(ctx.app, "notstaff")
    const response = await login({ email: shopper.email, password: shopper.password })
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ error: "Invalid email or password", message: "Invalid email or password" })
    expect(refreshCookieOf(response)).toBeUndefined()
    const { rows } = await ctx.db.query("select role, medusa_user_id from bff.users where id = $1", [shopper.user.id])
    expect(rows).toEqual([{ role: "customer", medusa_user_id: null }])
  })

  it("answers a wrong password and an unknown e-mail with the same 401 as the shop's login", async () => {
    const staff = await freshStaff()
    const wrong = await login({ email: staff.email, password: "not-the-password-1" })
    const unknown = await login({ email: `nobody-${Date.now()}@staff.example.test`, password: staff.password })
    const shop = await request(ctx.app)
      .post("/api/auth/login")
      .send({ email: `nobody-${Date.now()}@example.test`, password: "whatever-12" })
    expect([wrong.status, unknown.status, shop.status]).toEqual([401, 401, 401])
    expect(wrong.body).toEqual(shop.body)
    expect(unknown.body).toEqual(shop.body)
  })

  it("never turns a shop account into staff, even when a Medusa admin user shares its e-mail and password", async () => {
    const shopper = await signedUpUser(ctx.app, "both")
    // The shopper's own credentials in Medusa accept an invite: one identity, now also an admin user.
    await medusaAdminUser({ email: shopper.email, password: shopper.password, register: false })
    const response = await login({ email: shopper.email, password: shopper.password })
    expect(response.status).toBe(409)
    expect(response.body.error).toBe(STAFF_EMAIL_TAKEN)
    const { rows } = await ctx.db.query("select role, medusa_user_id from bff.users where email = $1", [shopper.email])
    expect(rows).toEqual([{ role: "customer", medusa_user_id: null }])
  })

  it("refuses a body without an e-mail or password with a 400", async () => {
    expect((await login({ email: "asha@staff.example.test" })).status).toBe(400)
    expect((await login({ password: "console-42-pass" })).status).toBe(400)
  })

  it("limits attempts per e-mail with 429, counting the shop's login and the console's together", async () => {
    const email = `limited-${Date.now()}@staff.example.test`
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await request(ctx.app).post("/api/auth/login").send({ email, password: "whatever-12" })).status)
    for (let i = 0; i < 6; i++) statuses.push((await login({ email, password: "whatever-12" })).status)
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429])
  })
})

describe("an e-mail an unverified shop sign-up holds", () => {
  const shopLogin = (email: string, password: string) => request(ctx.app).post("/api/auth/login").send({ email, password })
  const signUp = (body: object) => request(ctx.app).post("/api/auth/signup").send(body)
  const handleFree = async (handle: string) => (await request(ctx.app).get("/api/fitfeed/handle/check").query({ handle })).body.available as boolean

  /**
   * A stranger signs up at the shop with a future staff member's e-mail and never verifies; the staff member, who
   * owns the inbox, sets the password of the credentials Medusa holds for it (a reset link) and accepts ops' invite.
   */
  async function squattedStaff() {
    const hex = randomBytes(4).toString("hex")
    const email = `asha-${hex}@staff.example.test`
    const squatter = { name: "Pay at evil.example", email, password: "squatters-own9", handle: `sq.${hex}` }
    expect((await signUp(squatter)).status).toBe(201)
    const code = await latestCode(ctx.app, email)
    const { rows } = await ctx.db.query<{ id: string; medusa_customer_id: string }>("select id, medusa_customer_id from bff.users where email = $1", [email])
    expect(rows[0]!.medusa_customer_id).toMatch(/^cus_/)
    expect((await request(ctx.app).post("/api/auth/forgot-password").send({ email })).status).toBe(200)
    const resetMail = await latestMail(ctx.app, email, { subject: /^Reset your password$/ })
    const token = new URL(/https?:\/\/\S+/.exec(resetMail!.text)![0]).searchParams.get("token")!
    expect((await request(ctx.app).post("/api/auth/reset-password").send({ token, password: "console-42-pass" })).status).toBe(200)
    const staff = await medusaAdminUser({ email, password: "console-42-pass", register: false })
    return { staff, squatter: { ...squatter, ...rows[0]!, code } }
  }

  async function rowsOf(email: string) {
    const { rows } = await ctx.db.query(
      "select id, role, medusa_user_id, medusa_customer_id, email_verified_at is not null as verified from bff.users where email = $1",
      [email],
    )
    return rows
  }

  async function liveMedusaCustomer(customerId: string): Promise<boolean> {
    const { rowCount } = await ctx.db.query("select 1 from public.customer where id = $1 and deleted_at is null", [customerId])
    return Boolean(rowCount)
  }

  it("gives way to the staff member's first sign-in: the sign-up goes, here and in Medusa, and its maker can't verify or sign in", async () => {
    const { staff, squatter } = await squattedStaff()

    const signedIn = await login(staff)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user).toMatchObject({ email: staff.email, name: "Asha Rao", role: "admin" })
    expect(signedIn.body.user.id).not.toBe(squatter.id)
    expect(await rowsOf(staff.email)).toEqual([
      { id: signedIn.body.user.id, role: "admin", medusa_user_id: staff.id, medusa_customer_id: null, verified: true },
    ])
    expect(await liveMedusaCustomer(squatter.medusa_customer_id)).toBe(false)
    expect(await handleFree(squatter.handle)).toBe(true)

    // The squatter's code verifies nothing (with a password of their choosing too), and neither door lets them in.
    const verify = await request(ctx.app).post("/api/auth/verify-email").send({ email: staff.email, code: squatter.code, password: "squatters-new9" })
    expect(verify.status).toBe(400)
    for (const password of [squatter.password, "squatters-new9", staff.password]) expect((await shopLogin(staff.email, password)).status).toBe(401)
    expect((await login({ email: staff.email, password: squatter.password })).status).toBe(401)
    expect((await login({ email: staff.email, password: "squatters-new9" })).status).toBe(401)
    const again = await login(staff)
    expect(again.status).toBe(200)
    expect(again.body.user.id).toBe(signedIn.body.user.id)
  })

  it("ends with one row, the staff member's, when the squatter signs up again during the first sign-in", async () => {
    const { staff, squatter } = await squattedStaff()
    const [signedUp, signedIn] = await Promise.all([signUp({ ...squatter, name: "Racing Squatter", handle: `r${squatter.handle}` }), login(staff)])
    expect(signedUp.status).toBe(201)
    expect(signedIn.status).toBe(200)
    expect(await rowsOf(staff.email)).toEqual([
      { id: signedIn.body.user.id, role: "admin", medusa_user_id: staff.id, medusa_customer_id: null, verified: true },
    ])
    expect(await liveMedusaCustomer(squatter.medusa_customer_id)).toBe(false)
    expect(await handleFree(`r${squatter.handle}`)).toBe(true)
    expect((await shopLogin(staff.email, squatter.password)).status).toBe(401)
  })

  it("ends with one row, the staff member's, when a shop sign-up races a staff member's first sign-in", async () => {
    const staff = await freshStaff()
    const racer = { name: "Racer", email: staff.email, password: "racers-own42", handle: `rc.${randomBytes(4).toString("hex")}` }
    const [signedUp, signedIn] = await Promise.all([signUp(racer), login(staff)])
    expect(signedUp.status).toBe(201)
    expect(signedIn.status).toBe(200)
    expect(await rowsOf(staff.email)).toEqual([
      { id: signedIn.body.user.id, role: "admin", medusa_user_id: staff.id, medusa_customer_id: null, verified: true },
    ])
    expect(await handleFree(racer.handle)).toBe(true)
  })

  it("still refuses a verified shop account's e-mail with 409, and the shopper keeps their account", async () => {
    const shopper = await signedUpUser(ctx.app, "kept")
    await medusaAdminUser({ email: shopper.email, password: shopper.password, register: false })
    const response = await login({ email: shopper.email, password: shopper.password })
    expect(response.status).toBe(409)
    expect(response.body.error).toBe(STAFF_EMAIL_TAKEN)
    expect(await rowsOf(shopper.email)).toEqual([
      { id: shopper.user.id, role: "customer", medusa_user_id: null, medusa_customer_id: expect.stringMatching(/^cus_/), verified: true },
    ])
    expect((await shopLogin(shopper.email, shopper.password)).status).toBe(200)
  })
})

describe("a staff session", () => {
  it("refreshes at the shop's /api/auth/refresh, rotating the cookie and keeping the role; logout ends it", async () => {
    const staff = await freshStaff()
    const signedIn = await login(staff)
    const cookie = refreshCookieOf(signedIn)!
    const refreshed = await request(ctx.app).post("/api/auth/refresh").set("Cookie", cookie).set("Origin", TEST_PUBLIC_URL)
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.user).toEqual(signedIn.body.user)
    const rotated = refreshCookieOf(refreshed)!
    expect(rotated).not.toBe(cookie)
    expect((await request(ctx.app).get(STAFF_ROUTE).set(bearer(refreshed.body.accessToken))).status).toBe(200)

    const out = await request(ctx.app).post("/api/auth/logout").set("Cookie", rotated).set(bearer(refreshed.body.accessToken))
    expect(out.status).toBe(204)
    expect((await request(ctx.app).post("/api/auth/refresh").set("Cookie", rotated)).status).toBe(401)
    expect((await request(ctx.app).get(STAFF_ROUTE).set(bearer(refreshed.body.accessToken))).status).toBe(401)
  })

  it("is refused to a shopper's token: 403 with the spec's permission text", async () => {
    const shopper = await shopperSession(ctx.app)
    const response = await request(ctx.app).get(STAFF_ROUTE).set(shopper.headers)
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({ error: PERMISSION_DENIED, message: PERMISSION_DENIED })
  })
})
