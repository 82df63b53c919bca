import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, uniqueAccount } from "../../../test/app.js"
import { latestCode, signedUpUser } from "../../../test/accounts.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const post = (path: string, body: object) => request(ctx.app).post(path).send(body)
const storedChoice = async (email: string) =>
  (await ctx.db.query<{ marketing_opt_in: boolean }>("select marketing_opt_in from bff.users where email = $1", [email])).rows[0]?.marketing_opt_in

/** Signs up with these extra fields and enters the code; answers the account and its access token. */
async function signUpAndVerify(extra: object) {
  const account = uniqueAccount("consent")
  expect((await post("/api/auth/signup", { ...account, ...extra })).status).toBe(201)
  const verified = await post("/api/auth/verify-email", { email: account.email, code: await latestCode(ctx.app, account.email) })
  expect(verified.status).toBe(200)
  return { ...account, token: verified.body.accessToken as string }
}

describe("marketing messages at sign-up", () => {
  it("are off when the sign-up says nothing, and on only when it ticks them", async () => {
    const silent = await signUpAndVerify({})
    expect(await storedChoice(silent.email)).toBe(false)
    const unticked = await signUpAndVerify({ marketingOptIn: false })
    expect(await storedChoice(unticked.email)).toBe(false)
    const ticked = await signUpAndVerify({ marketingOptIn: true })
    expect(await storedChoice(ticked.email)).toBe(true)
    const read = await request(ctx.app).get("/api/users/me/marketing").set("Authorization", `Bearer ${ticked.token}`)
    expect(read.body).toEqual({ marketingOptIn: true })
  })

  it("refuse anything but true or false, making no account", async () => {
    const account = uniqueAccount("consent")
    const response = await post("/api/auth/signup", { ...account, marketingOptIn: "yes" })
    expect(response.status).toBe(400)
    expect(await storedChoice(account.email)).toBeUndefined()
  })

  it("are what the sign-up whose code is entered chose, never another sign-up's of the same address", async () => {
    const account = uniqueAccount("consent")
    expect((await post("/api/auth/signup", { ...account, marketingOptIn: false })).status).toBe(201)
    const ownCode = await latestCode(ctx.app, account.email)
    // Someone else signs the same address up again, ticking marketing: the inbox's owner enters their own code.
    expect((await post("/api/auth/signup", { ...account, handle: `${account.handle.slice(0, 18)}x2`, marketingOptIn: true })).status).toBe(201)
    expect((await post("/api/auth/verify-email", { email: account.email, code: ownCode })).status).toBe(200)
    expect(await storedChoice(account.email)).toBe(false)
  })
})

describe("GET and PUT /api/users/me/marketing", () => {
  it("withdraws consent in one call, as easily as it was given, and gives it again", async () => {
    const person = await signUpAndVerify({ marketingOptIn: true })
    const auth = { Authorization: `Bearer ${person.token}` }
    const withdrawn = await request(ctx.app).put("/api/users/me/marketing").set(auth).send({ marketingOptIn: false })
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.body).toEqual({ marketingOptIn: false })
    expect(await storedChoice(person.email)).toBe(false)
    expect((await request(ctx.app).put("/api/users/me/marketing").set(auth).send({ marketingOptIn: true })).body).toEqual({ marketingOptIn: true })
    expect((await request(ctx.app).put("/api/users/me/marketing").set(auth).send({ marketingOptIn: "no" })).status).toBe(400)
    expect(await storedChoice(person.email)).toBe(true)
  })

  it("lets nobody signed out read or change a choice, and a person change only their own", async () => {
    const owner = await signUpAndVerify({ marketingOptIn: true })
    const other = await signedUpUser(ctx.app, "consent")
    expect((await request(ctx.app).get("/api/users/me/marketing")).status).toBe(401)
    expect((await request(ctx.app).put("/api/users/me/marketing").send({ marketingOptIn: false })).status).toBe(401)
    const theirs = await request(ctx.app).put("/api/users/me/marketing").set("Authorization", `Bearer ${other.accessToken}`).send({ marketingOptIn: false })
    expect(theirs.body).toEqual({ marketingOptIn: false })
    expect(await storedChoice(owner.email)).toBe(true)
  })
})
