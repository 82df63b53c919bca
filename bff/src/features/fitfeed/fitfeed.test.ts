import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { SESSION_RECHECK_MS } from "../../http/authenticate.js"
import { newestProducts } from "../../../test/catalog.js"
import { dataUrlOf, feedMember, insertedPost, photo, recordedOrder, trustedFeedMember, unknownProductId, type FeedMember } from "../../../test/fitfeed.js"
import { transaction } from "../../lib/db.js"
import { withdrawPostsOfOrder } from "./posts.js"
import { restorePost } from "./review.js"
import { postSchema, type Product } from "@fitshop/contracts"
import { runSchedule } from "../../../test/schedules.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let products: Product[]
let png: string

beforeAll(async () => {
  ctx = await createTestApp()
  products = await newestProducts(ctx.app)
  png = dataUrlOf(await photo("png"))
})
afterAll(() => ctx.close())

const api = () => request(ctx.app)
const member = (label?: string) => feedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET, label)
const product = (index: number) => products[products.length - 1 - index]!

/** A member who bought `product` (a delivered order) and posted a fit of it through the API. */
async function poster(productIndex = 0, text: string | null = "Street ready") {
  const author = await member("author")
  const { id: productId } = product(productIndex)
  await recordedOrder(ctx.db, author.id, [{ productId, size: "L" }], "DELIVERED")
  const created = await api().post("/api/fitfeed/posts").set(author.headers).send({ kind: "REGULAR", productId, text, imageUrl: png })
  expect(created.status).toBe(201)
  return { author, post: created.body.post, productId }
}

const like = (who: FeedMember, id: string) => api().post(`/api/fitfeed/posts/${id}/like`).set(who.headers)

describe("the Post every read answers", () => {
  it("parses as the contract's Post schema, member for member, from the feed, the lists, one post and a profile", async () => {
    const { author, post } = await poster(6, "Contract fit")
    const reader = await member("reader")
    await like(reader, post.id)
    const answers = {
      created: [post],
      feed: (await api().get("/api/fitfeed/feed?limit=50").set(reader.headers)).body.posts,
      newest: (await api().get("/api/fitfeed/posts?limit=50").set(reader.headers)).body.posts,
      one: [(await api().get(`/api/fitfeed/posts/${post.id}`).set(reader.headers)).body.post],
      mine: (await api().get("/api/fitfeed/posts/mine").set(author.headers)).body.posts,
      profile: (await api().get(`/api/fitfeed/profile/@${author.handle}/posts`).set(reader.headers)).body.posts,
    }
    for (const [read, posts] of Object.entries(answers)) {
      const ours = (posts as { id: string }[]).filter((candidate) => candidate.id === post.id)
      expect(ours, read).toHaveLength(1)
      const parsed = postSchema.safeParse(ours[0])
      expect(parsed.success ? [] : parsed.error.issues, read).toEqual([])
    }
    expect(answers.one[0]).toMatchObject({ likeCount: 1, likedByMe: true })
  })
})

describe("creating a post", () => {
  it("publishes a verified buyer's fit with every field of the spec's Post, the size bought and a re-encoded photo", async () => {
    const { author, post, productId } = await poster(0, "  <script>alert(1)</script> fits true  ")
    expect(post).toEqual({
      id: expect.stringMatching(/^[0-9]+$/),
      kind: "REGULAR",
      productId,
      text: "<script>alert(1)</script> fits true",
      imageUrl: expect.stringMatching(/^\/media\/uploads\/.+\.webp$/),
      thumbnailUrl: expect.stringMatching(/^\/media\/uploads\/.+\.webp$/),
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
      trending: false,
      createdAt: expect.any(String),
      earningsCoins: 0,
      verifiedBuyer: true,
      sizeBought: "L",
      underReview: false,
      user: { id: author.id, name: author.name, handle: author.handle, avatarUrl: null },
      Product: { id: productId, title: product(0).title, imageUrl: product(0).imageUrl },
    })
    const image = await api().get(post.imageUrl)
    expect(image.status).toBe(200)
    expect(image.headers["content-type"]).toBe("image/webp")
  })

  it("keeps a caption's quotes, backslashes, line breaks and Hindi exactly, and follows its author's profile edits", async () => {
    const caption = 'He said "fits\\true"\nदिल से — 100% <b>cotton</b>'
    const { author, post } = await poster(1, caption)
    expect(post.text).toBe(caption)
    await ctx.db.query("update bff.users set name = $2, handle = $3, avatar_url = $4 where id = $1", [
      author.id,
      'Kabir "K" Malhotra',
      `${author.handle.slice(0, 17)}.v2`,
      "/media/avatars/a.webp",
    ])
    const read = (await api().get(`/api/fitfeed/posts/${post.id}`)).body.post
    expect(read.text).toBe(caption)
    expect(read.user).toEqual({ id: author.id, name: 'Kabir "K" Malhotra', handle: `${author.handle.slice(0, 17)}.v2`, avatarUrl: "/media/avatars/a.webp" })
  })

  it("refuses a product never bought, one whose order was cancelled or is unpaid, and a second post for the same product", async () => {
    const author = await member()
    const postFor = (productId: string) => api().post("/api/fitfeed/posts").set(author.headers).send({ kind: "REGULAR", productId, text: null, imageUrl: png })
    expect((await postFor(product(1).id)).status).toBe(403)
    await recordedOrder(ctx.db, author.id, [{ productId: product(2).id }], "CANCELLED")
    expect((await postFor(product(2).id)).status).toBe(403)

    // 6. An unpaid cash-on-delivery order (still PLACED) allows no post; paid online or delivered, it does.
    await recordedOrder(ctx.db, author.id, [{ productId: product(3).id }], "PLACED")
    expect((await postFor(product(3).id)).status).toBe(403)
    await recordedOrder(ctx.db, author.id, [{ productId: product(3).id }], "PAID")
    expect((await postFor(product(3).id)).status).toBe(201)
    const again = await postFor(product(3).id)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe("You have already posted a fit for this product")
  })

  it("refuses a missing photo, a missing product, an outside URL, a data URL that is not an image, and a long caption", async () => {
    const author = await member()
    const { id: productId } = product(4)
    await recordedOrder(ctx.db, author.id, [{ productId }], "DELIVERED")
    const send = (body: object) => api().post("/api/fitfeed/posts").set(author.headers).send(body)
    const noPhoto = await send({ productId })
    expect(noPhoto.status).toBe(400)
    expect(noPhoto.body.message).toBe("Please add a photo.")
    const noProduct = await send({ imageUrl: png })
    expect(noProduct.body.message).toBe("Please select the product you bought.")
    expect((await send({ productId, imageUrl: "https://elsewhere.example/fit.jpg" })).status).toBe(400)
    expect((await send({ productId, imageUrl: `data:image/png;base64,${Buffer.from("<html>not a picture</html>").toString("base64")}` })).status).toBe(400)
    expect((await send({ productId, imageUrl: png, text: "x".repeat(501) })).status).toBe(400)
    expect((await api().post("/api/fitfeed/posts").send({ productId, imageUrl: png })).status).toBe(401)
    const { rows } = await ctx.db.query("select count(*)::int as n from bff.fitfeed_posts where user_id = $1", [author.id])
    expect(rows[0].n).toBe(0)
  })
})

describe("the inline photo's body", () => {
  it("is read only after sign-in (a signed-out 2 MB body is a 401, never parsed), and other routes still refuse bodies over 100 KB", async () => {
    const big = dataUrlOf(Buffer.alloc(2 * 1024 * 1024, 7))
    // Not even JSON: parsed first, it would be a 400.
    const signedOut = await api().post("/api/fitfeed/posts").set("Content-Type", "application/json").send(`{"imageUrl": "${big}`)
    expect(signedOut.status).toBe(401)
    const fan = await member("fan")
    const elsewhere = await api().post("/api/fitfeed/posts/1/comments").set(fan.headers).send({ text: big })
    expect(elsewhere.status).toBe(413)
  })
})

describe("reading posts", () => {
  it("lists everyone's newest first, finds one by id, and answers 404 for unknown ids, uuids and other strings", async () => {
    const author = await member()
    const older = await insertedPost(ctx.db, author.id, { createdAt: new Date(Date.now() - 60_000) })
    const newer = await insertedPost(ctx.db, author.id)
    const listed = await api().get("/api/fitfeed/posts?limit=50")
    expect(listed.status).toBe(200)
    const ids = listed.body.posts.map((post: { id: string }) => post.id)
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older))
    expect((await api().get(`/api/fitfeed/posts/${older}`)).body.post.id).toBe(older)
    for (const id of ["999999999999", "3f1c9f8e-4a47-4b6e-9d61-3b1f5e1c2a10", "abc", "0"]) {
      expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(404)
    }
  })

  it("refuses a limit outside 1 to 50", async () => {
    const reader = await member("limits")
    for (const limit of ["0", "51", "ten", "-1"]) {
      for (const path of ["/api/fitfeed/posts", "/api/fitfeed/feed"]) {
        const response = await api().get(`${path}?limit=${limit}`).set(reader.headers)
        expect(response.status).toBe(400)
        expect(response.body).toMatchObject({ error: expect.any(String), message: expect.stringContaining("limit") })
      }
    }
  })

  it("answers the feed no-store with the shop's security headers, gzipped when asked, and 401 once the session is revoked", async () => {
    const reader = await member("headers")
    await insertedPost(ctx.db, reader.id)
    const plain = await api().get("/api/fitfeed/feed").set(reader.headers).set("Accept-Encoding", "identity")
    expect(plain.status).toBe(200)
    expect(plain.headers).toMatchObject({ "cache-control": "no-store", "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff" })
    expect(plain.headers["content-encoding"]).toBeUndefined()
    const zipped = await api().get("/api/fitfeed/feed").set(reader.headers).set("Accept-Encoding", "gzip")
    expect(zipped.headers["content-encoding"]).toBe("gzip")
    expect(zipped.body).toEqual(plain.body)
    expect((await api().head("/api/fitfeed/feed").set(reader.headers)).status).toBe(200)
    await ctx.db.query("update bff.session_families set revoked_at = now() where user_id = $1", [reader.id])
    await new Promise((resolve) => setTimeout(resolve, SESSION_RECHECK_MS))
    const revoked = await api().get("/api/fitfeed/feed").set(reader.headers)
    expect(revoked.status).toBe(401)
    expect(revoked.body).toMatchObject({ error: expect.any(String), message: "Please sign in." })
  })

  it("puts the fits of people I follow from the last 7 days first, then everyone's newest; 401 when signed out", async () => {
    const reader = await member("reader")
    const followed = await member("followed")
    const followedPost = await insertedPost(ctx.db, followed.id, { createdAt: new Date(Date.now() - 3 * 86_400_000) })
    const staleFollowed = await insertedPost(ctx.db, followed.id, { createdAt: new Date(Date.now() - 8 * 86_400_000) })
    const stranger = await member("stranger")
    const fresh = await insertedPost(ctx.db, stranger.id)
    expect((await api().post(`/api/fitfeed/follow/${followed.id}`).set(reader.headers)).status).toBe(200)
    await like(reader, fresh)

    const feed = await api().get("/api/fitfeed/feed?limit=50").set(reader.headers)
    expect(feed.status).toBe(200)
    const ids: string[] = feed.body.posts.map((post: { id: string }) => post.id)
    expect(ids[0]).toBe(followedPost)
    expect(ids).toContain(fresh)
    expect(ids.filter((id) => id === followedPost)).toHaveLength(1)
    expect(ids.indexOf(staleFollowed) === -1 || ids.indexOf(staleFollowed) > ids.indexOf(fresh)).toBe(true)
    expect(feed.body.posts.find((post: { id: string }) => post.id === fresh).likedByMe).toBe(true)
    expect((await api().get("/api/fitfeed/feed?limit=12")).status).toBe(401)
  })

  it("lists my own posts and deletes only my own (404 for anyone else's)", async () => {
    const author = await member()
    const other = await member()
    const id = await insertedPost(ctx.db, author.id)
    expect((await api().get("/api/fitfeed/posts/mine").set(author.headers)).body.posts.map((post: { id: string }) => post.id)).toEqual([id])
    expect((await api().delete(`/api/fitfeed/posts/${id}`).set(other.headers)).status).toBe(404)
    expect((await api().delete(`/api/fitfeed/posts/${id}`).set(author.headers)).status).toBe(200)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(404)
  })
})

describe("likes", () => {
  it("counts exactly when 200 people like at once, and liking twice or unliking twice changes nothing", async () => {
    const author = await member()
    const id = await insertedPost(ctx.db, author.id)
    const fans = await Promise.all(Array.from({ length: 200 }, () => member("fan")))
    const answers = await Promise.all(fans.map((fan) => like(fan, id)))
    expect(answers.every((answer) => answer.status === 200 && answer.body.likedByMe === true)).toBe(true)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).body.post.likeCount).toBe(200)

    expect((await like(fans[0]!, id)).body).toEqual({ likeCount: 200, likedByMe: true })
    const unliked = await api().delete(`/api/fitfeed/posts/${id}/like`).set(fans[0]!.headers)
    expect(unliked.body).toEqual({ likeCount: 199, likedByMe: false })
    expect((await api().delete(`/api/fitfeed/posts/${id}/like`).set(fans[0]!.headers)).body).toEqual({ likeCount: 199, likedByMe: false })
    const { rows } = await ctx.db.query("select count(*)::int as n from bff.fitfeed_likes where post_id = $1", [id])
    expect(rows[0].n).toBe(199)
  })

  it("marks a post liked unusually often in the last 24 hours as trending", async () => {
    const author = await member()
    const hot = await insertedPost(ctx.db, author.id)
    const quiet = await insertedPost(ctx.db, author.id)
    // More likes in a day than any other post of this run has (the storm above gave one 200).
    const fans = await Promise.all(Array.from({ length: 260 }, () => member("fan")))
    await Promise.all(fans.map((fan) => like(fan, hot)))
    await Promise.all(fans.slice(0, 2).map((fan) => like(fan, quiet)))
    await runSchedule(ctx.app, "trending refresh")
    expect((await api().get(`/api/fitfeed/posts/${hot}`)).body.post.trending).toBe(true)
    expect((await api().get(`/api/fitfeed/posts/${quiet}`)).body.post.trending).toBe(false)
  })

  it("answers 401 signed out and 404 for a post that does not exist", async () => {
    expect((await api().post("/api/fitfeed/posts/1/like")).status).toBe(401)
    expect((await like(await member(), "999999999999")).status).toBe(404)
  })
})

describe("comments", () => {
  it("adds trimmed comments newest first with their authors, refuses empty and long ones, and keeps the count", async () => {
    const author = await member()
    const id = await insertedPost(ctx.db, author.id)
    const fan = await member("fan")
    const comment = (text: unknown) => api().post(`/api/fitfeed/posts/${id}/comments`).set(fan.headers).send({ text })
    expect((await comment("  first  ")).status).toBe(201)
    const second = await comment("<b>second</b>")
    expect(second.body).toMatchObject({ commentCount: 2, comment: { text: "<b>second</b>", user: { id: fan.id, handle: fan.handle } } })
    for (const bad of ["   ", "x".repeat(501), 42, null]) expect((await comment(bad)).status).toBe(400)

    const listed = await api().get(`/api/fitfeed/posts/${id}/comments`)
    expect(listed.body.comments.map((c: { text: string }) => c.text)).toEqual(["<b>second</b>", "first"])
    expect((await api().get(`/api/fitfeed/posts/${id}`)).body.post.commentCount).toBe(2)
  })

  it("lets the comment's author and the post's author delete it, and nobody else", async () => {
    const author = await member()
    const id = await insertedPost(ctx.db, author.id)
    const fan = await member("fan")
    const stranger = await member("stranger")
    const first = await api().post(`/api/fitfeed/posts/${id}/comments`).set(fan.headers).send({ text: "one" })
    const second = await api().post(`/api/fitfeed/posts/${id}/comments`).set(fan.headers).send({ text: "two" })
    expect((await api().delete(`/api/fitfeed/comments/${first.body.comment.id}`).set(stranger.headers)).status).toBe(404)
    expect((await api().delete(`/api/fitfeed/comments/${first.body.comment.id}`).set(fan.headers)).body).toEqual({ deleted: true, commentCount: 1 })
    expect((await api().delete(`/api/fitfeed/comments/${second.body.comment.id}`).set(author.headers)).body).toEqual({ deleted: true, commentCount: 0 })
  })
})

const trustedMember = () => trustedFeedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET)

describe("reports", () => {
  it("hides a post reported by three different people from everyone but its author, who sees it under review", async () => {
    const author = await member()
    const id = await insertedPost(ctx.db, author.id)
    const report = (who: FeedMember) => api().post(`/api/fitfeed/posts/${id}/report`).set(who.headers).send({ reason: "Not a real fit" })
    expect((await report(author)).status).toBe(400)
    const [first, second, third] = [await trustedMember(), await trustedMember(), await trustedMember()]
    await report(first!)
    await report(first!)
    await report(second!)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(200)
    await report(third!)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(404)
    expect((await api().get("/api/fitfeed/posts?limit=50")).body.posts.map((post: { id: string }) => post.id)).not.toContain(id)
    const mine = await api().get(`/api/fitfeed/posts/${id}`).set(author.headers)
    expect(mine.body.post.underReview).toBe(true)
    expect((await api().post(`/api/fitfeed/posts/${id}/report`).set(first!.headers).send({ reason: "Still wrong" })).status).toBe(404)
    expect((await api().post(`/api/fitfeed/posts/${id}/report`).set(first!.headers).send({})).status).toBe(400)
  })

  it("7. three fresh accounts can't silence a post; buyers' and older accounts' reports count", async () => {
    const author = await member()
    const id = await insertedPost(ctx.db, author.id)
    const report = (who: FeedMember) => api().post(`/api/fitfeed/posts/${id}/report`).set(who.headers).send({ reason: "Spam" })
    for (const fresh of [await member(), await member(), await member()]) expect((await report(fresh)).status).toBe(200)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(200)

    // A fresh account with a delivered order counts, as do two older ones.
    const buyer = await member("buyer")
    await recordedOrder(ctx.db, buyer.id, [{ productId: unknownProductId() }], "DELIVERED")
    await report(buyer)
    await report(await trustedMember())
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(200)
    await report(await trustedMember())
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(404)
  })

  it("7. a post staff restored is not hidden again by the same reporters, only by three others", async () => {
    const author = await member()
    const id = await insertedPost(ctx.db, author.id)
    const report = (who: FeedMember) => api().post(`/api/fitfeed/posts/${id}/report`).set(who.headers).send({ reason: "Not a real fit" })
    const first = [await trustedMember(), await trustedMember(), await trustedMember()]
    for (const who of first) await report(who)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(404)

    expect(await restorePost(ctx.db, id)).toBe(true)
    for (const who of first) expect((await report(who)).status).toBe(200)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(200)
    for (const who of [await trustedMember(), await trustedMember()]) await report(who)
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(200)
    await report(await trustedMember())
    expect((await api().get(`/api/fitfeed/posts/${id}`)).status).toBe(404)
  })
})

describe("a post whose purchase is undone", () => {
  it("6. leaves the feed when its order is cancelled or comes back to origin, unless another paid purchase holds it up", async () => {
    const author = await member("undone")
    const { id: productId } = product(5)
    const orderId = await recordedOrder(ctx.db, author.id, [{ productId }], "PAID")
    const created = await api().post("/api/fitfeed/posts").set(author.headers).send({ kind: "REGULAR", productId, text: null, imageUrl: png })
    expect(created.status).toBe(201)
    const postId = created.body.post.id as string

    // A second paid order of the same product holds the post up when the first is cancelled.
    const second = await recordedOrder(ctx.db, author.id, [{ productId, size: "XL" }], "DELIVERED")
    const undo = (id: string) => transaction(ctx.db, (client) => withdrawPostsOfOrder(client, id))
    await ctx.db.query("update bff.orders set status = 'CANCELLED' where id = $1", [orderId])
    await undo(orderId)
    const kept = await api().get(`/api/fitfeed/posts/${postId}`)
    expect(kept.status).toBe(200)
    expect(kept.body.post.sizeBought).toBe("XL")

    // The last one goes: the post leaves the feed for everyone, its author included.
    await ctx.db.query("update bff.orders set status = 'CANCELLED' where id = $1", [second])
    await undo(second)
    expect((await api().get(`/api/fitfeed/posts/${postId}`).set(author.headers)).status).toBe(404)
  })
})

describe("profiles and follows", () => {
  it("answers the profile by @handle, handle or id with counts, isFollowing and isMe", async () => {
    const owner = await member("owner")
    const fan = await member("fan")
    await insertedPost(ctx.db, owner.id)
    expect((await api().post(`/api/fitfeed/follow/${owner.id}`).set(fan.headers)).body).toEqual({ isFollowing: true, followers: 1 })
    expect((await api().post(`/api/fitfeed/follow/${owner.id}`).set(fan.headers)).body).toEqual({ isFollowing: true, followers: 1 })
    for (const key of [`@${owner.handle}`, owner.handle, owner.id]) {
      const profile = await api()
        .get(`/api/fitfeed/profile/${encodeURIComponent(key)}`)
        .set(fan.headers)
      expect(profile.body).toEqual({
        user: { id: owner.id, name: owner.name, handle: owner.handle, avatarUrl: null },
        counts: { posts: 1, followers: 1, following: 0 },
        isFollowing: true,
        isMe: false,
      })
    }
    expect((await api().get(`/api/fitfeed/profile/@${owner.handle}`).set(owner.headers)).body).toMatchObject({ isMe: true, isFollowing: false })
    expect((await api().get("/api/fitfeed/profile/@nobody.here.at.all")).status).toBe(404)
    expect((await api().delete(`/api/fitfeed/follow/${owner.id}`).set(fan.headers)).body).toEqual({ isFollowing: false, followers: 0 })
  })

  it("refuses following yourself and unknown people", async () => {
    const me = await member()
    expect((await api().post(`/api/fitfeed/follow/${me.id}`).set(me.headers)).status).toBe(400)
    expect((await api().post("/api/fitfeed/follow/3f1c9f8e-4a47-4b6e-9d61-3b1f5e1c2a10").set(me.headers)).status).toBe(404)
    expect((await api().post(`/api/fitfeed/follow/${me.handle}`).set(me.headers)).status).toBe(404)
  })

  it("pages a profile's posts with a cursor that neither skips nor repeats while new posts arrive", async () => {
    const owner = await member("owner")
    const base = Date.now() - 3_600_000
    // Two posts share one timestamp, so the cursor has to order by id as well.
    const ids = []
    for (let i = 0; i < 40; i++) ids.push(await insertedPost(ctx.db, owner.id, { createdAt: new Date(base + Math.floor(i / 2) * 1000) }))
    const expected = [...ids].reverse()
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: request.Response = await api().get(`/api/fitfeed/profile/${owner.id}/posts?limit=18${cursor ? `&cursor=${cursor}` : ""}`)
      expect(page.status).toBe(200)
      seen.push(...page.body.posts.map((post: { id: string }) => post.id))
      cursor = page.body.nextCursor
      await insertedPost(ctx.db, owner.id)
    } while (cursor)
    expect(seen).toEqual(expected)
    expect((await api().get(`/api/fitfeed/profile/${owner.id}/posts?cursor=bm9wZQ`)).status).toBe(400)
  })
})

describe("staff on FITFEED", () => {
  /** A member of staff's row (a Medusa admin user's), or one whose Medusa admin user was removed (role gone, link kept). */
  async function staffRow(removed = false) {
    const row = await member("ops")
    await ctx.db.query("update bff.users set role = $2, medusa_user_id = $3 where id = $1", [row.id, removed ? "customer" : "admin", `user_${row.id}`])
    await insertedPost(ctx.db, row.id)
    return row
  }

  it("gives staff, current or removed, no profile: profile, posts, follow and unfollow answer 404 as for nobody", async () => {
    const fan = await member("fan")
    const nobody = await api().get("/api/fitfeed/profile/@nobody.here.at.all")
    expect(nobody.status).toBe(404)
    for (const staff of [await staffRow(), await staffRow(true)]) {
      for (const key of [`@${staff.handle}`, staff.handle, staff.id]) {
        for (const reader of [{}, fan.headers]) {
          const profile = await api()
            .get(`/api/fitfeed/profile/${encodeURIComponent(key)}`)
            .set(reader)
          expect(profile.status, key).toBe(404)
          expect(profile.body).toEqual(nobody.body)
          expect(
            (
              await api()
                .get(`/api/fitfeed/profile/${encodeURIComponent(key)}/posts?limit=18`)
                .set(reader)
            ).status,
            key,
          ).toBe(404)
        }
      }
      expect((await api().post(`/api/fitfeed/follow/${staff.id}`).set(fan.headers)).status).toBe(404)
      expect((await api().delete(`/api/fitfeed/follow/${staff.id}`).set(fan.headers)).status).toBe(404)
      const { rowCount } = await ctx.db.query("select 1 from bff.fitfeed_follows where followee_id = $1", [staff.id])
      expect(rowCount).toBe(0)
    }
  })
})

describe("what a post earned", () => {
  it("is the author's to read: null to a visitor and to another shopper in every read, the figure to its author", async () => {
    const { author, post } = await poster(7, "Earning fit")
    await ctx.db.query("update bff.fitfeed_posts set earnings_coins = 120 where id = $1", [post.id])
    const other = await member("other")
    const reads = async (headers: Record<string, string>) => {
      const signedIn = Object.keys(headers).length > 0
      const answers: Record<string, { id: string }[]> = {
        newest: (await api().get("/api/fitfeed/posts?limit=50").set(headers)).body.posts,
        one: [(await api().get(`/api/fitfeed/posts/${post.id}`).set(headers)).body.post],
        profile: (await api().get(`/api/fitfeed/profile/@${author.handle}/posts`).set(headers)).body.posts,
      }
      if (signedIn) answers.feed = (await api().get("/api/fitfeed/feed?limit=50").set(headers)).body.posts
      return Object.entries(answers).map(([read, posts]) => {
        const ours = posts.find((candidate) => candidate.id === post.id)
        const parsed = postSchema.safeParse(ours)
        expect(parsed.success ? [] : parsed.error.issues, read).toEqual([])
        return { read, earned: parsed.data?.earningsCoins }
      })
    }
    for (const { read, earned } of [...(await reads({})), ...(await reads(other.headers))]) expect(earned, read).toBeNull()
    for (const { read, earned } of await reads(author.headers)) expect(earned, read).toBe(120)
    const mine = (await api().get("/api/fitfeed/posts/mine").set(author.headers)).body.posts as { id: string; earningsCoins: number }[]
    expect(mine.find((candidate) => candidate.id === post.id)?.earningsCoins).toBe(120)
    // Nothing of it is in the text the post keeps beside its row (migration 014), which every read sends as it is.
    const { rows } = await ctx.db.query<{ card_head: string }>("select card_head from bff.fitfeed_posts where id = $1", [post.id])
    expect(rows[0]!.card_head).not.toContain("earnings")
  })
})

describe("referral links", () => {
  it("answers a post's public summary, and 404 for unknown posts and uuids", async () => {
    const author = await member()
    const productId = product(5).id
    const id = await insertedPost(ctx.db, author.id, { productId })
    expect((await api().get(`/api/refs/${id}`)).body).toEqual({ postId: id, productId, author: { handle: author.handle } })
    expect((await api().get("/api/refs/999999999999")).status).toBe(404)
    expect((await api().get("/api/refs/3f1c9f8e-4a47-4b6e-9d61-3b1f5e1c2a10")).status).toBe(404)
  })

  it("records one visit per visitor, post and day from X-Ref-Post or refPost on a product read, and ignores non-digits", async () => {
    const author = await member()
    const productId = product(6).id
    const id = await insertedPost(ctx.db, author.id, { productId })
    const visitor = await member("visitor")
    await api().get(`/api/products/${productId}`).set("X-Ref-Post", id).set(visitor.headers)
    await api().get(`/api/products/${productId}?refPost=${id}`).set(visitor.headers)
    await api().get(`/api/products/${productId}`).set("X-Ref-Post", "3f1c9f8e-4a47-4b6e-9d61-3b1f5e1c2a10")
    const visits = async () => (await ctx.db.query("select visitor from bff.referral_visits where post_id = $1", [id])).rows
    await expect.poll(visits).toEqual([{ visitor: `user:${visitor.id}` }])
  })
})

describe("limits", () => {
  it("answers 429 with Retry-After when one person comments too fast", async () => {
    const author = await member()
    const id = await insertedPost(ctx.db, author.id)
    const chatty = await member("chatty")
    let last: request.Response | undefined
    for (let i = 0; i < 31; i++)
      last = await api()
        .post(`/api/fitfeed/posts/${id}/comments`)
        .set(chatty.headers)
        .send({ text: `hi ${i}` })
    expect(last!.status).toBe(429)
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0)
  })
})
