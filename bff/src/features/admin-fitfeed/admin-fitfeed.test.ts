import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ReportedPost, ReportedPostList } from "@fitshop/contracts"
import { createTestApp } from "../../../test/app.js"
import { feedMember, insertedPost, trustedFeedMember, type FeedMember } from "../../../test/fitfeed.js"
import { staffSession } from "../../../test/staff.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let staff: { headers: Record<string, string> }
beforeAll(async () => {
  ctx = await createTestApp()
  staff = await staffSession(ctx.app)
})
afterAll(() => ctx.close())

const api = () => request(ctx.app)
const member = (label?: string) => feedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET, label)
/** A reporter whose report counts (an account older than 7 days). */
const reporter = () => trustedFeedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET)
const report = (who: FeedMember, id: string, reason = "Not a real fit") => api().post(`/api/fitfeed/posts/${id}/report`).set(who.headers).send({ reason })

/** A post by a fresh author (`meanwhile` runs while it is still in the feed), then three different trusted members' reports that hide it. */
async function hiddenPost(reasons = ["Not a real fit", "Spam link", "Stolen photo"], meanwhile: (id: string) => Promise<void> = async () => undefined) {
  const author = await member("author")
  const id = await insertedPost(ctx.db, author.id, { text: "Street ready" })
  await meanwhile(id)
  const reporters: FeedMember[] = []
  for (const reason of reasons) {
    const who = await reporter()
    reporters.push(who)
    expect((await report(who, id, reason)).status).toBe(200)
  }
  return { author, id, reporters }
}

async function reported(query = "limit=100"): Promise<ReportedPostList> {
  const response = await api().get(`/api/admin/fitfeed/reported?${query}`).set(staff.headers)
  expect(response.status).toBe(200)
  expect(response.headers["cache-control"]).toBe("no-store")
  return response.body as ReportedPostList
}

const listed = async (id: string): Promise<ReportedPost | undefined> => (await reported()).posts.find((post) => post.id === id)

/** Whether a fan who follows the author finds the post in their feed (followed authors' posts come first). */
async function inFanFeed(authorId: string, id: string): Promise<boolean> {
  const fan = await member("fan")
  expect((await api().post(`/api/fitfeed/follow/${authorId}`).set(fan.headers)).status).toBe(200)
  const feed = await api().get("/api/fitfeed/feed?limit=50").set(fan.headers)
  expect(feed.status).toBe(200)
  return (feed.body.posts as { id: string }[]).some((post) => post.id === id)
}

describe("GET /api/admin/fitfeed/reported", () => {
  it("lists a post that three shoppers' reports took out of the feed, with its author and reports", async () => {
    const before = new Date()
    const { author, id } = await hiddenPost()
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(404)
    const post = await listed(id)
    expect(post).toEqual({
      id,
      imageUrl: "/media/uploads/test.webp",
      thumbnailUrl: "/media/uploads/test-480.webp",
      text: "Street ready",
      author: { id: author.id, name: author.name, handle: author.handle },
      reports: { count: 3, reasons: ["Stolen photo", "Spam link", "Not a real fit"], lastAt: expect.any(String) },
      hiddenAt: expect.any(String),
      createdAt: expect.any(String),
    })
    expect(new Date(post!.hiddenAt).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000)
    expect(post!.reports.lastAt).toBe(post!.hiddenAt)
  })

  it("leaves out a post with fewer than three reports", async () => {
    const { id } = await hiddenPost(["Spam link", "Stolen photo"])
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(200)
    expect(await listed(id)).toBeUndefined()
  })

  it("pages with limit and offset, the most recently hidden first, and counts them all", async () => {
    const older = await hiddenPost()
    const newer = await hiddenPost()
    const { total } = await reported("limit=1")
    expect(total).toBeGreaterThanOrEqual(2)
    const all = await reported(`limit=100&offset=0`)
    const ids = all.posts.map((post) => post.id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    const beyond = await reported(`limit=10&offset=${all.total + 100}`)
    expect(beyond.posts).toEqual([])
    expect(beyond.total).toBeGreaterThanOrEqual(all.total)
  })

  it.each(["limit=0", "limit=101", "offset=-1", "limit=ten"])("refuses %s with a 400", async (query) => {
    expect((await api().get(`/api/admin/fitfeed/reported?${query}`).set(staff.headers)).status).toBe(400)
  })
})

describe("POST /api/admin/fitfeed/posts/{id}/restore", () => {
  it("puts the post back in the feed, clears its reports, and only three new reporters hide it again", async () => {
    const { author, id, reporters } = await hiddenPost()
    const restored = await api().post(`/api/admin/fitfeed/posts/${id}/restore`).set(staff.headers)
    expect(restored.status).toBe(200)
    expect(restored.body.post).toMatchObject({ id, underReview: false, text: "Street ready", user: { id: author.id } })

    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(200)
    expect(await inFanFeed(author.id, id)).toBe(true)
    expect(await listed(id)).toBeUndefined()
    const { rows } = await ctx.db.query("select count(*)::int as reports from bff.fitfeed_reports where post_id = $1 and cleared_at is null", [id])
    expect(rows[0].reports).toBe(0)

    // The same people reporting again change nothing; it takes three new reporters to hide it.
    for (const who of reporters) await report(who, id)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(200)
    await report(await reporter(), id)
    await report(await reporter(), id)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(200)
    await report(await reporter(), id)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(404)
    expect((await listed(id))?.reports.count).toBe(3)
  })

  it("answers 404 for a post that does not exist or an id that is not one", async () => {
    for (const id of ["999999999999999", "abc", "0"]) {
      const response = await api().post(`/api/admin/fitfeed/posts/${id}/restore`).set(staff.headers)
      expect(response.status).toBe(404)
      expect(response.body.error).toBe("Post not found")
    }
  })
})

describe("DELETE /api/admin/fitfeed/posts/{id}", () => {
  it("removes the post for good with its likes and comments: 204, then 404 everywhere, even to its author", async () => {
    const fan = await member("fan")
    const { author, id } = await hiddenPost(undefined, async (postId) => {
      expect((await api().post(`/api/fitfeed/posts/${postId}/like`).set(fan.headers)).status).toBe(200)
      expect((await api().post(`/api/fitfeed/posts/${postId}/comments`).set(fan.headers).send({ text: "Clean fit" })).status).toBe(201)
    })

    const removed = await api().delete(`/api/admin/fitfeed/posts/${id}`).set(staff.headers)
    expect(removed.status).toBe(204)
    expect(removed.text).toBe("")
    expect((await api().get(`/api/fitfeed/posts/${id}`).set(author.headers)).status).toBe(404)
    expect(await listed(id)).toBeUndefined()
    const { rows } = await ctx.db.query(
      `select (select count(*) from bff.fitfeed_likes where post_id = $1)::int as likes,
              (select count(*) from bff.fitfeed_comments where post_id = $1)::int as comments,
              (select count(*) from bff.fitfeed_reports where post_id = $1)::int as reports`,
      [id],
    )
    expect(rows[0]).toEqual({ likes: 0, comments: 0, reports: 0 })
    expect((await api().delete(`/api/admin/fitfeed/posts/${id}`).set(staff.headers)).status).toBe(404)
    expect((await api().post(`/api/admin/fitfeed/posts/${id}/restore`).set(staff.headers)).status).toBe(404)
  })
})
