import { createHmac } from "node:crypto"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { latestCode, refreshCookieOf, signedUpUser } from "../../test/accounts.js"
import { createTestApp, uniqueAccount } from "../../test/app.js"
import { receiveMedusaNotices } from "../../test/medusa-notices.js"
import { medusaAdminUser } from "../../test/staff.js"
import { TEXTS } from "../features/auth/service.js"

/** Issue 25, items 1–3: nobody takes over an account by signing up with its address, staff are admitted only while they are staff. */

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const post = (path: string, body: object) => request(ctx.app).post(path).send(body)
const shopLogin = (email: string, password: string) => post("/api/auth/login", { email, password })
const consoleLogin = (email: string, password: string) => post("/api/admin/auth/login", { email, password })
const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` })

async function profileOf(email: string) {
  const { rows } = await ctx.db.query<{ name: string; handle: string }>("select name, handle from bff.users where email = $1", [email])
  return rows[0]
}

describe("1. a sign-up never changes the credentials of an existing account", () => {
  it("a stranger signing up with the owner's unverified address (any case) gets a new sign-up's answer and changes nothing", async () => {
    const owner = uniqueAccount("owner")
    const first = await post("/api/auth/signup", owner)
    expect(first.status).toBe(201)
    const code = await latestCode(ctx.app, owner.email)

    const stranger = { name: "Stranger Danger", email: owner.email.toUpperCase(), password: "strangers-own9", handle: `x${owner.handle.slice(0, 18)}` }
    const second = await post("/api/auth/signup", stranger)
    expect(second.status).toBe(first.status)
    expect(second.body).toEqual(first.body)

    // The owner verifies with the mailed code (an API client that sends no password keeps the sign-up's).
    expect((await post("/api/auth/verify-email", { email: owner.email, code })).status).toBe(200)
    expect((await shopLogin(owner.email, stranger.password)).status).toBe(401)
    expect((await shopLogin(owner.email, owner.password)).status).toBe(200)
    expect(await profileOf(owner.email)).toEqual({ name: owner.name, handle: owner.handle })
    expect((await request(ctx.app).get(`/api/fitfeed/handle/check`).query({ handle: stranger.handle })).body).toMatchObject({ available: true })
  })

  it("whoever proves the inbox chooses the password: a stranger who signed up first never signs in", async () => {
    const owner = uniqueAccount("inbox")
    const stranger = { ...owner, name: "Early Stranger", password: "got-there-first1", handle: `s${owner.handle.slice(0, 18)}` }
    expect((await post("/api/auth/signup", stranger)).status).toBe(201)
    expect((await post("/api/auth/signup", owner)).status).toBe(201)

    // A wrong code with a password sets nothing.
    const code = await latestCode(ctx.app, owner.email)
    const wrong = code === "000000" ? "000001" : "000000"
    expect((await post("/api/auth/verify-email", { email: owner.email, code: wrong, password: "not-chosen-by-anyone1" })).status).toBe(400)

    // Without a password, the code of a sign-up that did not make the account is refused: the account would keep
    // the password Medusa holds, the stranger's. The code stays usable.
    const bare = await post("/api/auth/verify-email", { email: owner.email, code })
    expect(bare.status).toBe(400)
    expect(bare.body.message).toBe(TEXTS.passwordToVerify)
    expect((await profileOf(owner.email))?.handle).not.toBe(owner.handle)

    const verified = await post("/api/auth/verify-email", { email: owner.email, code, password: owner.password })
    expect(verified.status).toBe(200)
    expect((await shopLogin(owner.email, stranger.password)).status).toBe(401)
    expect((await shopLogin(owner.email, "not-chosen-by-anyone1")).status).toBe(401)
    expect((await shopLogin(owner.email, owner.password)).status).toBe(200)
  })

  it("a verified account's sign-up is refused the same way and its password stands", async () => {
    const owner = await signedUpUser(ctx.app, "settled")
    const again = await post("/api/auth/signup", { ...owner, handle: `y${owner.handle.slice(0, 18)}`, password: "another-try42" })
    expect(again.status).toBe(201)
    expect((await shopLogin(owner.email, "another-try42")).status).toBe(401)
    expect((await shopLogin(owner.email, owner.password)).status).toBe(200)
  })
})

describe("7. one inbox is one person", () => {
  it("a plus-addressed or dotted Gmail variant of an account's address gets a new sign-up's answer and no second account", async () => {
    const local = `me${Date.now().toString(36)}`
    const owner = { ...uniqueAccount("inbox"), email: `${local}@gmail.com` }
    const first = await post("/api/auth/signup", owner)
    expect(first.status).toBe(201)
    for (const variant of [`${local}+2@gmail.com`, `${local.slice(0, 1)}.${local.slice(1)}@googlemail.com`]) {
      const again = await post("/api/auth/signup", { ...uniqueAccount("variant"), email: variant })
      expect(again.status).toBe(201)
      expect(again.body).toEqual({ ...first.body, email: variant })
      const { rowCount } = await ctx.db.query("select 1 from bff.users where email = $1", [variant])
      expect(rowCount).toBe(0)
    }
  })

  it("variants share one per-account sign-in budget", async () => {
    const local = `lim${Date.now().toString(36)}`
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await shopLogin(`${local}+${i}@gmail.com`, "whatever-12")).status)
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429])
  })
})

describe("2. staff sign in only at the console's door, and only while they are staff", () => {
  it("the shop's door answers staff credentials, and a row made admin, exactly as a wrong password", async () => {
    const ops = await medusaAdminUser()
    expect((await consoleLogin(ops.email, ops.password)).status).toBe(200)
    const wrongPassword = await shopLogin(ops.email, "not-the-password-1")
    const staffAtShop = await shopLogin(ops.email, ops.password)
    expect(staffAtShop.status).toBe(401)
    expect(staffAtShop.body).toEqual(wrongPassword.body)
    expect(refreshCookieOf(staffAtShop)).toBeUndefined()

    const promoted = await signedUpUser(ctx.app, "byhand")
    await ctx.db.query("update bff.users set role = 'admin' where id = $1", [promoted.user.id])
    const adminAtShop = await shopLogin(promoted.email, promoted.password)
    expect(adminAtShop.status).toBe(401)
    expect(adminAtShop.body).toEqual(wrongPassword.body)
  })

  it("a Medusa admin user deleted in Medusa loses the role and every session at once; both doors answer 401", async () => {
    const notices = await receiveMedusaNotices(ctx.app.internal, /^\/api\/internal\/staff\//)
    try {
      const ops = await medusaAdminUser()
      const [first, second] = [await consoleLogin(ops.email, ops.password), await consoleLogin(ops.email, ops.password)]
      expect([first.status, second.status]).toEqual([200, 200])
      const orders = (accessToken: string) => request(ctx.app).get("/api/admin/orders").set(bearer(accessToken))
      expect((await orders(first.body.accessToken)).status).toBe(200)

      await ops.remove()
      // Medusa's user.deleted event reaches the BFF through commerce's staff-removed subscriber.
      const deadline = Date.now() + 15_000
      let status = 200
      while (status === 200 && Date.now() < deadline) {
        status = (await orders(first.body.accessToken)).status
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect([401, 403]).toContain(status)
      expect([401, 403]).toContain((await orders(second.body.accessToken)).status)
      const refreshed = await request(ctx.app).post("/api/auth/refresh").set("Cookie", refreshCookieOf(second)!)
      expect(refreshed.status).toBe(401)
      const { rows } = await ctx.db.query("select role, medusa_user_id from bff.users where id = $1", [first.body.user.id])
      expect(rows).toEqual([{ role: "customer", medusa_user_id: ops.id }])

      expect((await consoleLogin(ops.email, ops.password)).status).toBe(401)
      expect((await shopLogin(ops.email, ops.password)).status).toBe(401)

      // Ops invite the same person again: their old row is staff's once more, nobody else's.
      const back = await medusaAdminUser({ email: ops.email, password: "back-again-42" })
      const readmitted = await consoleLogin(ops.email, "back-again-42")
      expect(readmitted.status).toBe(200)
      expect(readmitted.body.user).toMatchObject({ id: first.body.user.id, role: "admin" })
      const { rows: relinked } = await ctx.db.query("select medusa_user_id from bff.users where id = $1", [first.body.user.id])
      expect(relinked).toEqual([{ medusa_user_id: back.id }])
    } finally {
      await notices.close()
    }
  })
})

describe("3. commerce signs with real secrets only", () => {
  /** A password-reset token as Medusa makes one, signed with the secret Medusa would fall back to. */
  function tokenSignedWithDefault(email: string): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url")
    const now = Math.floor(Date.now() / 1000)
    const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part({ entity_id: email, provider: "emailpass", actor_type: "customer", iat: now, exp: now + 900 })}`
    return `${unsigned}.${createHmac("sha256", "dev-only-jwt-secret").update(unsigned).digest("base64url")}`
  }

  it("refuses a reset token signed with the development default", async () => {
    const owner = await signedUpUser(ctx.app, "forged")
    const reset = await post("/api/auth/reset-password", { token: tokenSignedWithDefault(owner.email), password: "taken-over-77" })
    expect(reset.status).toBe(400)
    expect(reset.body.message).toBe(TEXTS.resetInvalid)
    expect((await shopLogin(owner.email, "taken-over-77")).status).toBe(401)
    expect((await shopLogin(owner.email, owner.password)).status).toBe(200)
  })
})
