import { randomBytes, randomUUID } from "node:crypto"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { appRoutes } from "../../test/app-routes.js"
import { createStorefrontTestApp } from "../../test/app.js"
import { feedMember, insertedPost, recordedOrder, unknownProductId, type FeedMember } from "../../test/fitfeed.js"
import { VERIFICATION_FAILED } from "../features/checkout/schema.js"
import { paymentSignature } from "../lib/razorpay.js"
import { RAZORPAY_EMULATOR_PATH, razorpaySettings } from "../lib/razorpay-settings.js"
import { SHIPROCKET_EMULATOR_PATH } from "../lib/shiprocket-settings.js"

/**
 * Issue 18's cross-user matrix: every route that takes an id of something someone owns refuses anyone
 * else, and leaves the owner's thing as it was. Staff routes (/api/admin/*, and any behind requireStaff)
 * are walked by staff-auth/admin-access.test.ts: 401 anonymous, 403 to a shopper, whatever the id.
 *
 * Each shopper route with a path parameter, found in the app's router, must be listed below: tested
 * here, tested beside its feature (named), or open to everyone by design (said why). A new id route
 * fails "every route that takes an id is in the matrix" until someone decides which.
 */
const TESTED_HERE = [
  "POST /api/fitfeed/posts/:id/like",
  "DELETE /api/fitfeed/posts/:id/like",
  "POST /api/fitfeed/follow/:userId",
  "DELETE /api/fitfeed/follow/:userId",
  "POST /api/internal/orders/:id/changed",
]

const TESTED_BESIDE_ITS_FEATURE: Record<string, string> = {
  "PUT /api/addresses/:id": "addresses.test.ts: answers 404 on every route for another shopper's address, and leaves it untouched",
  "PATCH /api/addresses/:id": "addresses.test.ts: answers 404 on every route for another shopper's address, and leaves it untouched",
  "DELETE /api/addresses/:id": "addresses.test.ts: answers 404 on every route for another shopper's address, and leaves it untouched",
  "POST /api/addresses/:id/default": "addresses.test.ts: answers 404 on every route for another shopper's address, and leaves it untouched",
  "PATCH /api/cart/items/:id": "cart.test.ts: never lets a shopper see or change another shopper's lines",
  "PUT /api/cart/:id": "cart.test.ts: never lets a shopper see or change another shopper's lines",
  "DELETE /api/cart/:id": "cart.test.ts: never lets a shopper see or change another shopper's lines",
  "DELETE /api/wishlist/:id": "wishlist.test.ts: removes by entry id or product id, and 404s what is not there or not yours",
  "DELETE /api/fitfeed/posts/:id": "fitfeed.test.ts: lists my own posts and deletes only my own (404 for anyone else's)",
  "DELETE /api/fitfeed/comments/:id": "fitfeed.test.ts: lets the comment's author and the post's author delete it, and nobody else",
  "GET /api/orders/:id/invoice":
    "invoices.test.ts: are the buyer's and staff's only: anyone else's order answers as no order does (and a signed link opens its one document)",
  "GET /api/orders/:id/credit-note":
    "invoices.test.ts: are the buyer's and staff's only: anyone else's order answers as no order does (and a signed link opens its one document)",
  "PATCH /api/reviews/:id": "reviews.test.ts: is edited and withdrawn by its author only (404 for anyone else's)…",
  "DELETE /api/reviews/:id": "reviews.test.ts: is edited and withdrawn by its author only (404 for anyone else's)…",
  "POST /api/products/:id/reviews":
    "reviews.test.ts: nobody else: never bought, paid but not delivered, cancelled, returned whole, or another shopper's order (403)",
  "GET /api/products/:id/reviews/mine": "the caller's own review of the product, whatever the id (reviews.test.ts: …withdrawn, it counts nowhere…)",
  "GET /api/products/:id/size-hint": "reviews.test.ts: names the size the shopper kept most…, for them only (the caller's own orders, whatever the id)",
  "POST /api/orders/:orderId/returns":
    "returns.test.ts: refuses what can't be returned, with a clear answer, and records nothing (another shopper's order is 404)",
}

const OPEN_BY_DESIGN: Record<string, string> = {
  "GET /api/fitfeed/posts/:id":
    "a public post; one hidden by reports is shown to its author only (fitfeed.test.ts: hides a post reported by three different people…)",
  "GET /api/fitfeed/posts/:id/comments": "a public post's comments",
  "POST /api/fitfeed/posts/:id/comments": "any signed-in reader comments, always as themselves",
  "POST /api/fitfeed/posts/:id/report": "any signed-in reader but the author reports, always as themselves (one report each)",
  "GET /api/fitfeed/profile/:key": "a public profile",
  "GET /api/fitfeed/profile/:key/posts": "a public profile's posts",
  "GET /api/refs/:id": "a public referral link to a post",
  "POST /api/reviews/:id/report": "any signed-in reader but the author reports, always as themselves (one report each; reviews.test.ts: moderation)",
  "GET /product/:id": "a product's public page",
  "GET /fitfeed/:postId": "a public post's shareable page; a hidden or deleted one is a plain 404 (social-pages.test.ts)",
  "GET /fit/:handleOrId": "a public profile's shareable page",
  "GET /fit/u/:userId": "a public profile's shareable page",
  "GET /sitemaps/:file": "the public sitemap's parts",
}

const isStaffRoute = (path: string, handlers: string[]) => path === "/api/admin" || path.startsWith("/api/admin/") || handlers.includes("requireStaff")
/**
 * The Razorpay and Shiprocket emulators stand in for the real services, mounted only in an explicit
 * development or test mode on loopback, never in production: their ids are the emulated gateway's, no shopper's.
 */
const isEmulatorRoute = (path: string) => [RAZORPAY_EMULATOR_PATH, SHIPROCKET_EMULATOR_PATH].some((mount) => path.startsWith(`${mount}/`))

let ctx: Awaited<ReturnType<typeof createStorefrontTestApp>>
/** Alice owns things; Bob tries to act on them; Chloe is someone both may follow or whose post they may like. */
let alice: FeedMember
let bob: FeedMember
let chloe: FeedMember
beforeAll(async () => {
  // With a storefront build, so its pages' routes are in the matrix whether or not storefront/dist exists here.
  ctx = await createStorefrontTestApp()
  const member = (label: string) => feedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET, label)
  ;[alice, bob, chloe] = await Promise.all([member("alice"), member("bob"), member("chloe")])
})
afterAll(() => ctx.close())

const api = () => request(ctx.app)

describe("cross-user matrix", () => {
  it("every route that takes an id is in the matrix", async () => {
    const listed = new Set([...TESTED_HERE, ...Object.keys(TESTED_BESIDE_ITS_FEATURE), ...Object.keys(OPEN_BY_DESIGN)])
    const idRoutes = (await appRoutes(ctx.app))
      .filter(({ path, handlers }) => /:\w+/.test(path) && !isStaffRoute(path, handlers) && !isEmulatorRoute(path))
      .map(({ method, path }) => `${method} ${path}`)
    expect(idRoutes).toEqual(expect.arrayContaining(TESTED_HERE.filter((route) => !route.includes("/internal/"))))
    expect(idRoutes.filter((route) => !listed.has(route))).toEqual([])
  })

  it("cross-user: liking or unliking a post changes only the caller's own like", async () => {
    const post = await insertedPost(ctx.db, chloe.id)
    expect((await api().post(`/api/fitfeed/posts/${post}/like`).set(alice.headers)).body).toEqual({ likeCount: 1, likedByMe: true })
    expect((await api().delete(`/api/fitfeed/posts/${post}/like`).set(bob.headers)).body).toEqual({ likeCount: 1, likedByMe: false })
    expect((await api().post(`/api/fitfeed/posts/${post}/like`).set(bob.headers)).body).toEqual({ likeCount: 2, likedByMe: true })
    expect((await api().delete(`/api/fitfeed/posts/${post}/like`).set(bob.headers)).body).toEqual({ likeCount: 1, likedByMe: false })
    const read = await api().get(`/api/fitfeed/posts/${post}`).set(alice.headers)
    expect(read.body.post).toMatchObject({ likeCount: 1, likedByMe: true })
    const { rows } = await ctx.db.query<{ user_id: string }>("select user_id from bff.fitfeed_likes where post_id = $1", [post])
    expect(rows).toEqual([{ user_id: alice.id }])
  })

  it("cross-user: following or unfollowing someone changes only the caller's own follow", async () => {
    expect((await api().post(`/api/fitfeed/follow/${chloe.id}`).set(alice.headers)).body).toEqual({ isFollowing: true, followers: 1 })
    expect((await api().delete(`/api/fitfeed/follow/${chloe.id}`).set(bob.headers)).body).toEqual({ isFollowing: false, followers: 1 })
    // Nor can anyone end a follow by naming the follower: the follower is always the signed-in caller.
    expect((await api().delete(`/api/fitfeed/follow/${alice.id}`).set(bob.headers)).body).toEqual({ isFollowing: false, followers: 0 })
    const { rows } = await ctx.db.query<{ follower_id: string }>("select follower_id from bff.fitfeed_follows where followee_id = $1", [chloe.id])
    expect(rows).toEqual([{ follower_id: alice.id }])
    const profile = await api().get(`/api/fitfeed/profile/${chloe.id}`).set(alice.headers)
    expect(profile.body).toMatchObject({ isFollowing: true, counts: { followers: 1 } })
  })

  it("cross-user: a shopper can't cancel, list or see another shopper's order", async () => {
    const order = await recordedOrder(ctx.db, alice.id, [{ productId: unknownProductId() }], "PLACED")
    const asBob = await api().post(`/api/internal/orders/${order}/changed`).set(bob.headers)
    expect([403, 404]).toContain(asBob.status)
    const guessedSecret = await api().post(`/api/internal/orders/${order}/changed`).set(bob.headers).set("x-internal-secret", randomBytes(16).toString("hex"))
    expect([403, 404]).toContain(guessedSecret.status)
    const bobs = await api().get("/api/orders/mine").set(bob.headers)
    expect(bobs.status).toBe(200)
    expect(bobs.body.orders).toEqual([])
    const { rows } = await ctx.db.query<{ status: string }>("select status from bff.orders where id = $1", [order])
    expect(rows).toEqual([{ status: "PLACED" }])
    const alices = await api().get("/api/orders/mine").set(alice.headers)
    expect(alices.body.orders.map((each: { id: string }) => each.id)).toEqual([order])
  })

  it("cross-user: a shopper can't cancel or settle another shopper's payment by its Razorpay order id", async () => {
    const razorpayOrderId = `order_${randomBytes(8).toString("hex")}`
    const { rows } = await ctx.db.query<{ id: string }>(
      `insert into bff.checkouts (user_id, mode, medusa_cart_id, receipt, razorpay_order_id, subtotal_paise, discount_paise, coins, cod_fee_paise,
         amount_paise, lines, address)
       values ($1, 'prepaid', $2, $3, $4, 99900, 0, 0, 0, 99900, '[]', '{}') returning id`,
      [alice.id, `cart_${randomUUID()}`, `rcpt_${randomUUID()}`, razorpayOrderId],
    )
    const cancel = await api().post("/api/payments/cancel").set(bob.headers).send({ razorpay_order_id: razorpayOrderId })
    expect(cancel.status).toBe(404)
    // Even with Razorpay's genuine signature for a payment of that order, the order is not Bob's to settle.
    const paymentId = `pay_${randomBytes(8).toString("hex")}`
    const verify = await api()
      .post("/api/payments/verify")
      .set(bob.headers)
      .send({
        razorpay_order_id: razorpayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(razorpayOrderId, paymentId, razorpaySettings(ctx.config).keySecret),
      })
    expect(verify.status).toBe(400)
    expect(verify.body.message).toBe(VERIFICATION_FAILED)
    const after = await ctx.db.query("select status, razorpay_payment_id from bff.checkouts where id = $1", [rows[0]!.id])
    expect(after.rows).toEqual([{ status: "awaiting_payment", razorpay_payment_id: null }])
  })
})
