import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { userRow } from "../../../test/users.js"
import { enqueueJob } from "../../lib/jobs.js"
import { runSchedule } from "../../../test/schedules.js"
import type { PrunedRecords } from "./index.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

/** A session family of the user, revoked or ended so many days ago when told (else live); answers its id. */
async function session(userId: string, columns: { revokedDaysAgo?: number; endedDaysAgo?: number } = {}): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into bff.session_families (user_id, revoked_at, ends_at)
     values ($1, now() - make_interval(days => $2), coalesce(now() - make_interval(days => $3), now() + interval '60 days')) returning id`,
    [userId, columns.revokedDaysAgo ?? null, columns.endedDaysAgo ?? null],
  )
  return rows[0]!.id
}

async function refreshToken(familyId: string, expiresDaysAgo: number): Promise<string> {
  const hash = randomBytes(16).toString("hex")
  await ctx.db.query("insert into bff.refresh_tokens (token_hash, family_id, expires_at) values ($1, $2, now() - make_interval(days => $3))", [
    hash,
    familyId,
    expiresDaysAgo,
  ])
  return hash
}

const ids = async (sql: string, values: unknown[]) => (await ctx.db.query<{ id: string }>(sql, values)).rows.map((row) => row.id).sort()

describe("pruning", () => {
  it("deletes done jobs, ended sessions, expired codes and used reset tokens past their time, and keeps live ones", async () => {
    const user = await userRow(ctx.db)
    const otherUser = await userRow(ctx.db)
    const live = await session(user.id)
    const justRevoked = await session(user.id, { revokedDaysAgo: 1 })
    const longRevoked = await session(user.id, { revokedDaysAgo: 8 })
    const longEnded = await session(user.id, { endedDaysAgo: 8 })
    const expiredToken = await refreshToken(live, 8)
    const liveToken = await refreshToken(live, -20)
    await ctx.db.query(
      `with signup as (insert into bff.signups (user_id, name, handle) select id, name, handle from bff.users where id = any($1) returning id, user_id)
       insert into bff.email_verifications (signup_id, user_id, code_hash, expires_at)
       select id, user_id, case when user_id = $1[1] then 'old' else 'new' end,
              case when user_id = $1[1] then now() - interval '2 days' else now() + interval '5 minutes' end
         from signup`,
      [[user.id, otherUser.id]],
    )
    const oldUsed = `old-${randomBytes(8).toString("hex")}`
    const recentUsed = `new-${randomBytes(8).toString("hex")}`
    await ctx.db.query(
      `insert into bff.used_reset_tokens (token_hash, user_id, expires_at) values ($1, $3, now() - interval '2 days'), ($2, $3, now() + interval '10 minutes')`,
      [oldUsed, recentUsed, user.id],
    )
    const kind = `test.pruned.${randomBytes(4).toString("hex")}`
    await enqueueJob(ctx.db, kind, "old")
    await enqueueJob(ctx.db, kind, "recent")
    await ctx.db.query("update bff.jobs set done_at = now() - case key when 'old' then interval '8 days' else interval '1 day' end where kind = $1", [kind])

    const pruned = (await runSchedule(ctx.app, "pruning")) as PrunedRecords

    expect(pruned.doneJobs).toBeGreaterThanOrEqual(1)
    expect(pruned.sessions).toBeGreaterThanOrEqual(2)
    expect(pruned.refreshTokens).toBeGreaterThanOrEqual(1)
    expect(pruned.codes).toBeGreaterThanOrEqual(1)
    expect(pruned.resetTokens).toBeGreaterThanOrEqual(1)
    expect(await ids("select id from bff.session_families where user_id = $1", [user.id])).toEqual([live, justRevoked].sort())
    expect(await ids("select id from bff.session_families where id = any($1)", [[longRevoked, longEnded]])).toEqual([])
    expect(await ids("select token_hash as id from bff.refresh_tokens where family_id = $1", [live])).toEqual([liveToken])
    expect(await ids("select token_hash as id from bff.refresh_tokens where token_hash = $1", [expiredToken])).toEqual([])
    expect(await ids("select user_id as id from bff.email_verifications where user_id = any($1)", [[user.id, otherUser.id]])).toEqual([otherUser.id])
    expect(await ids("select token_hash as id from bff.used_reset_tokens where user_id = $1", [user.id])).toEqual([recentUsed])
    expect(await ids("select key as id from bff.jobs where kind = $1", [kind])).toEqual(["recent"])
  })
})
