import { setTimeout as sleep } from "node:timers/promises"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { refreshCookieOf, signedUpUser } from "../../test/accounts.js"
import { createTestApp } from "../../test/app.js"
import { medusaAdminUser, staffSession } from "../../test/staff.js"
import { TEXTS } from "../features/auth/service.js"
import { REFRESH_TOKEN_TTL_MS } from "../features/auth/sessions.js"
import { staffSessionCheck } from "../features/staff-auth/service.js"
import { SESSION_RECHECK_MS } from "../http/authenticate.js"
import { createLogger } from "../lib/logger.js"

/** Issue 18, item 7: sessions end (an absolute lifetime; a role change or a deleted staff user takes effect at once). */

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const DAY_MS = 24 * 60 * 60 * 1000
/** A route behind requireStaff that reads nothing but the session. */
const STAFF_ROUTE = "/api/admin/fitfeed/reported"
const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` })

const refresh = (cookie: string) => request(ctx.app).post("/api/auth/refresh").set("Cookie", cookie)

/** The refresh cookie's Max-Age, in seconds. */
function cookieMaxAge(response: request.Response): number {
  const cookie = ([] as string[]).concat(response.headers["set-cookie"] ?? []).find((c) => c.startsWith("refresh_token="))
  const maxAge = /; Max-Age=(\d+)/.exec(cookie ?? "")?.[1]
  if (!maxAge) throw new Error(`no refresh cookie with a Max-Age in ${JSON.stringify(response.headers["set-cookie"])}`)
  return Number(maxAge)
}

/** The role an access token claims (read without checking it: the tests only look). */
const claimedRole = (accessToken: string) => (JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()) as { role: string }).role

/** Moves a user's session families back in time, as if they had signed in `days` days earlier. */
const ageSessions = (userId: string, days: number) =>
  ctx.db.query(
    `update bff.session_families set created_at = created_at - make_interval(days => $2), ends_at = ends_at - make_interval(days => $2)
      where user_id = $1`,
    [userId, days],
  )

const setRole = (userId: string, role: "admin" | "customer") => ctx.db.query("update bff.users set role = $2 where id = $1", [userId, role])

/** The signed-in check trusts a live session (and its role) for this long; past it, the next request asks PostgreSQL. */
const pastRecheck = () => sleep(SESSION_RECHECK_MS + 50)

describe("sessions end", () => {
  it("7. a session ends 60 days after sign-in however often it is refreshed", async () => {
    const shopper = await signedUpUser(ctx.app, "lifetime")
    const first = await refresh(shopper.cookie)
    expect(first.status).toBe(200)
    expect(cookieMaxAge(first)).toBeGreaterThan(REFRESH_TOKEN_TTL_MS / 1000 - 60)
    expect(cookieMaxAge(first)).toBeLessThanOrEqual(REFRESH_TOKEN_TTL_MS / 1000)

    // 59 days on, refreshed every day: the new refresh token (and its cookie) lasts one more day, not 30.
    await ageSessions(shopper.user.id, 59)
    const late = await refresh(refreshCookieOf(first)!)
    expect(late.status).toBe(200)
    expect(cookieMaxAge(late)).toBeGreaterThan(DAY_MS / 1000 - 60)
    expect(cookieMaxAge(late)).toBeLessThanOrEqual(DAY_MS / 1000)
    const { rows } = await ctx.db.query<{ beyond: boolean }>(
      `select t.expires_at > f.ends_at as beyond
         from bff.refresh_tokens t join bff.session_families f on f.id = t.family_id
        where f.user_id = $1 and t.rotated_at is null`,
      [shopper.user.id],
    )
    expect(rows).toEqual([{ beyond: false }])
    expect((await request(ctx.app).get("/api/auth/me").set(bearer(late.body.accessToken))).status).toBe(200)

    // Past day 60: the refresh token is refused although it has not expired, and so is the access token.
    await ageSessions(shopper.user.id, 1)
    const ended = await refresh(refreshCookieOf(late)!)
    expect(ended.status).toBe(401)
    expect(ended.body.message).toBe(TEXTS.sessionEnded)
    await pastRecheck()
    expect((await request(ctx.app).get("/api/auth/me").set(bearer(late.body.accessToken))).status).toBe(401)

    // Signing in again starts a new 60 days.
    const again = await request(ctx.app).post("/api/auth/login").send({ email: shopper.email, password: shopper.password })
    expect(again.status).toBe(200)
    expect((await refresh(refreshCookieOf(again)!)).status).toBe(200)
  })

  it("7. a demoted admin is refused on the next request", async () => {
    const staff = await staffSession(ctx.app)
    expect((await request(ctx.app).get(STAFF_ROUTE).set(staff.headers)).status).toBe(200)
    await setRole(staff.user.id, "customer")
    await pastRecheck()
    // The access token still claims admin for up to 15 minutes; the role is read from the database.
    expect(claimedRole(staff.accessToken)).toBe("admin")
    expect((await request(ctx.app).get(STAFF_ROUTE).set(staff.headers)).status).toBe(403)

    // And the other way: a shopper made staff is let in without signing in again.
    const shopper = await signedUpUser(ctx.app, "promoted")
    expect((await request(ctx.app).get(STAFF_ROUTE).set(bearer(shopper.accessToken))).status).toBe(403)
    await setRole(shopper.user.id, "admin")
    await pastRecheck()
    expect((await request(ctx.app).get(STAFF_ROUTE).set(bearer(shopper.accessToken))).status).toBe(200)
  })

  it("7. a refresh after a role change carries the new role", async () => {
    const shopper = await signedUpUser(ctx.app, "rolechange")
    expect(claimedRole(shopper.accessToken)).toBe("customer")
    await setRole(shopper.user.id, "admin")
    const promoted = await refresh(shopper.cookie)
    expect(promoted.status).toBe(200)
    expect(claimedRole(promoted.body.accessToken)).toBe("admin")
    expect(promoted.body.user.role).toBe("admin")

    await setRole(shopper.user.id, "customer")
    const demoted = await refresh(refreshCookieOf(promoted)!)
    expect(demoted.status).toBe(200)
    expect(claimedRole(demoted.body.accessToken)).toBe("customer")
    expect(demoted.body.user.role).toBe("customer")
  })

  it("7. a staff session ends at refresh once its Medusa admin user is deleted", async () => {
    const ops = await medusaAdminUser()
    const signIn = () => request(ctx.app).post("/api/admin/auth/login").send({ email: ops.email, password: ops.password })
    const [first, second] = [await signIn(), await signIn()]
    expect([first.status, second.status]).toEqual([200, 200])
    // While the Medusa user exists, refresh works as for anyone.
    const refreshed = await refresh(refreshCookieOf(first)!)
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.user.role).toBe("admin")

    await ops.remove()
    const ended = await refresh(refreshCookieOf(refreshed)!)
    expect(ended.status).toBe(401)
    expect(ended.body.message).toBe(TEXTS.sessionEnded)
    // Every console session of that user ends, not only the one refreshed: the other device's refresh and access tokens too.
    expect((await refresh(refreshCookieOf(second)!)).status).toBe(401)
    await pastRecheck()
    expect((await request(ctx.app).get(STAFF_ROUTE).set(bearer(second.body.accessToken))).status).toBe(401)
    // And the console's sign-in refuses the deleted user.
    expect((await signIn()).status).toBe(401)
  })

  it("7. a staff session is kept at refresh while Medusa can't say whether its admin user exists", async () => {
    const demoted: string[] = []
    const users = { demoteRemovedStaff: (id: string) => Promise.resolve(void demoted.push(id)) }
    const check = staffSessionCheck({ exists: () => Promise.reject(new Error("connect ECONNREFUSED")) }, users, createLogger("silent"))
    expect(await check("user_01")).toBe(true)
    expect(demoted).toEqual([])
    const deleted = staffSessionCheck({ exists: () => Promise.resolve(false) }, users, createLogger("silent"))
    expect(await deleted("user_01")).toBe(false)
    expect(demoted).toEqual(["user_01"])
  })
})
