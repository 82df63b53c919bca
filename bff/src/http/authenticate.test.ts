import express from "express"
import request from "supertest"
import { afterAll, describe, expect, inject, it } from "vitest"
import { feedMember } from "../../test/fitfeed.js"
import { createDb } from "../lib/db.js"
import { createLogger } from "../lib/logger.js"
import { migrate } from "../lib/migrate.js"
import { authentication, SESSION_RECHECK_MS } from "./authenticate.js"
import { errorHandler } from "./error-handler.js"

const secret = inject("authTokenSecret")
const db = createDb(inject("databaseUrl"))
await migrate(db)
afterAll(() => db.end())

/**
 * An app with one signed-in route, its clock in the test's hands, counting the session checks PostgreSQL
 * answered; while `held` is set, each check's answer waits for it.
 */
function appWithClock() {
  const clock = { now: 1_000_000 }
  let checks = 0
  const answers: { held?: Promise<void> } = {}
  const counted = {
    query: async (...args: Parameters<typeof db.query>) => {
      checks += 1
      const result = await db.query(...args)
      await answers.held
      return result
    },
  } as unknown as typeof db
  const authn = authentication(counted, secret, () => clock.now)
  const app = express()
  app.get("/me", authn.requireUser, (req, res) => {
    res.json({ id: req.user!.id, role: req.user!.role })
  })
  app.get("/staff", authn.requireStaff, (_req, res) => {
    res.json({ ok: true })
  })
  app.use(errorHandler(createLogger("silent")))
  return { app, authn, clock, answers, checks: () => checks }
}

const setRole = (userId: string, role: string) => db.query("update bff.users set role = $2 where id = $1", [userId, role])
const revokeFamilies = (userId: string) => db.query("update bff.session_families set revoked_at = now() where user_id = $1", [userId])

describe("the signed-in check", () => {
  it("asks PostgreSQL once for a burst of requests, and again once the recheck time has passed", async () => {
    const { app, clock, checks } = appWithClock()
    const member = await feedMember(db, secret, "burst")
    for (let i = 0; i < 5; i++) expect((await request(app).get("/me").set(member.headers)).status).toBe(200)
    expect(checks()).toBe(1)
    clock.now += SESSION_RECHECK_MS
    expect((await request(app).get("/me").set(member.headers)).status).toBe(200)
    expect(checks()).toBe(2)
  })

  it("refuses a session another process revoked once the recheck time has passed", async () => {
    const { app, clock } = appWithClock()
    const member = await feedMember(db, secret, "elsewhere")
    expect((await request(app).get("/me").set(member.headers)).status).toBe(200)
    await revokeFamilies(member.id)
    clock.now += SESSION_RECHECK_MS
    expect((await request(app).get("/me").set(member.headers)).status).toBe(401)
  })

  it("refuses at once a session this process revoked, however recently it was checked", async () => {
    const { app, authn } = appWithClock()
    const member = await feedMember(db, secret, "here")
    expect((await request(app).get("/me").set(member.headers)).status).toBe(200)
    await revokeFamilies(member.id)
    authn.forgetTrustedSessions()
    expect((await request(app).get("/me").set(member.headers)).status).toBe(401)
  })

  it("does not keep a check that was under way when this process revoked a session", async () => {
    const { app, authn, answers, checks } = appWithClock()
    const member = await feedMember(db, secret, "inflight")
    let release = () => undefined as void
    answers.held = new Promise((resolve) => (release = resolve))
    const first = request(app)
      .get("/me")
      .set(member.headers)
      .then((response) => response.status)
    await expect.poll(checks).toBe(1)
    // The check found the session live; before its answer arrives, the session is revoked here.
    await revokeFamilies(member.id)
    authn.forgetTrustedSessions()
    delete answers.held
    release()
    expect(await first).toBe(200)
    expect((await request(app).get("/me").set(member.headers)).status).toBe(401)
  })

  it("takes the role from the database with the session check, not from the token's claim", async () => {
    const { app, authn, clock } = appWithClock()
    const member = await feedMember(db, secret, "promoted")
    expect((await request(app).get("/me").set(member.headers)).body.role).toBe("customer")
    expect((await request(app).get("/staff").set(member.headers)).status).toBe(403)
    await setRole(member.id, "admin")
    clock.now += SESSION_RECHECK_MS
    expect((await request(app).get("/staff").set(member.headers)).status).toBe(200)
    // A role changed by this process counts at once, however recently the session was checked.
    await setRole(member.id, "customer")
    authn.forgetTrustedSessions()
    expect((await request(app).get("/staff").set(member.headers)).status).toBe(403)
  })

  it("refuses a session past its absolute end", async () => {
    const { app, clock } = appWithClock()
    const member = await feedMember(db, secret, "ended")
    expect((await request(app).get("/me").set(member.headers)).status).toBe(200)
    await db.query("update bff.session_families set ends_at = now() - interval '1 second' where user_id = $1", [member.id])
    clock.now += SESSION_RECHECK_MS
    expect((await request(app).get("/me").set(member.headers)).status).toBe(401)
  })
})
