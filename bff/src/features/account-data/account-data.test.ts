import { accountExportSchema, type Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { latestCode, refreshCookieOf, signedUpUser } from "../../../test/accounts.js"
import { newestProducts } from "../../../test/catalog.js"
import { bearer, checkOut, NEW_ADDRESS, startCheckoutApp, type CheckoutApp, type Shopper } from "../../../test/checkout.js"
import { feedMember, insertedPost, recordedOrder, unknownProductId } from "../../../test/fitfeed.js"
import { opsToken } from "../../../test/orders.js"
import { medusaApi, staffSession } from "../../../test/staff.js"
import { DELETION_TEXTS } from "./index.js"

let app: CheckoutApp
let products: Product[]

beforeAll(async () => {
  app = await startCheckoutApp()
  products = await newestProducts(app.app)
})
afterAll(() => app.close())

const api = () => request(app.app)
const deleteAs = (headers: Record<string, string>, password: string) => api().post("/api/account/delete").set(headers).send({ password })

/** What the person and the feed look like from the database: the counts kept beside a post and the rows they count. */
async function postCounts(postId: string) {
  const { rows } = await app.db.query<{ like_count: number; comment_count: number; likes: number; comments: number }>(
    `select like_count, comment_count, (select count(*)::int from bff.fitfeed_likes where post_id = p.id) as likes,
            (select count(*)::int from bff.fitfeed_comments where post_id = p.id) as comments
       from bff.fitfeed_posts p where id = $1`,
    [postId],
  )
  return rows[0]!
}

async function counted(userId: string): Promise<number> {
  const { rows } = await app.db.query<{ balance: number }>(
    `select coalesce(sum(coins), 0)::int as balance from bff.dark_coin_entries
      where user_id = $1 and dropped_at is null and held_by_return is null and (matures_at is null or matures_at <= now())`,
    [userId],
  )
  return rows[0]!.balance
}

/** A shopper active in the feed: a post of their own liked and commented by `other`, and a like, a comment and a follow on `other`'s post. */
async function activeShopper(other: Awaited<ReturnType<typeof feedMember>>, label: string) {
  const shopper = await signedUpUser(app.app, label)
  const ownPost = await insertedPost(app.db, shopper.user.id, { text: `${label}'s own outfit` })
  const othersPost = await insertedPost(app.db, other.id, { text: "other's outfit" })
  for (const [headers, postId, text] of [
    [other.headers, ownPost, `other says hi to ${label}`],
    [bearer(shopper), othersPost, `${label} says nice fit`],
  ] as const) {
    expect((await api().post(`/api/fitfeed/posts/${postId}/like`).set(headers)).status).toBe(200)
    expect((await api().post(`/api/fitfeed/posts/${postId}/comments`).set(headers).send({ text })).status).toBe(201)
  }
  expect((await api().post(`/api/fitfeed/follow/${other.id}`).set(bearer(shopper))).status).toBe(200)
  expect((await api().post(`/api/fitfeed/follow/${shopper.user.id}`).set(other.headers)).status).toBe(200)
  return { shopper, ownPost, othersPost }
}

describe("GET /api/account/export", () => {
  it("answers a JSON file of the person's own rows and nobody else's; signed out gets 401", async () => {
    const other = await feedMember(app.db, app.config.AUTH_TOKEN_SECRET, "otherx")
    const { shopper, ownPost, othersPost } = await activeShopper(other, "exporter")
    expect((await api().post("/api/addresses").set(bearer(shopper)).send(NEW_ADDRESS)).status).toBe(201)
    const mine = await recordedOrder(app.db, shopper.user.id, [{ productId: unknownProductId() }], "DELIVERED")
    const theirs = await recordedOrder(app.db, other.id, [{ productId: unknownProductId() }], "DELIVERED")
    await app.db.query(
      "insert into bff.dark_coin_entries (user_id, coins, kind, note) values ($1, 70, 'earn', 'exported coins'), ($2, 90, 'earn', 'not theirs')",
      [shopper.user.id, other.id],
    )

    expect((await api().get("/api/account/export")).status).toBe(401)
    const answer = await api().get("/api/account/export").set(bearer(shopper))
    expect(answer.status).toBe(200)
    expect(answer.headers["content-type"]).toMatch(/^application\/json/)
    expect(answer.headers["cache-control"]).toBe("no-store")
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="buildyourfit-export-\d{4}-\d{2}-\d{2}\.json"$/)
    const data = accountExportSchema.parse(JSON.parse(answer.text))

    expect(data.profile).toMatchObject({ id: shopper.user.id, email: shopper.email, handle: shopper.handle, marketingOptIn: false })
    expect(data.addresses).toEqual([expect.objectContaining({ fullName: NEW_ADDRESS.fullName, postalCode: NEW_ADDRESS.postalCode })])
    expect(data.orders.map((order) => order.id)).toEqual([mine])
    expect(data.orders[0]!.lines).toHaveLength(1)
    expect(data.posts).toEqual([expect.objectContaining({ id: ownPost, text: "exporter's own outfit", likeCount: 1, commentCount: 1 })])
    expect(data.comments).toEqual([expect.objectContaining({ postId: othersPost, text: "exporter says nice fit" })])
    expect(data.likes).toEqual([expect.objectContaining({ postId: othersPost })])
    expect(data.follows).toEqual({ following: [expect.objectContaining({ handle: other.handle })], followers: 1 })
    expect(data.darkCoins.balance).toBe(70)
    expect(data.darkCoins.ledger.map((entry) => entry.reason)).toEqual(["exported coins"])
    expect(data.sessions.length).toBeGreaterThanOrEqual(1)
    // Others' rows never: their comment on the person's post, their order, their coins, their e-mail.
    for (const foreign of [`other says hi to exporter`, theirs, "not theirs", other.id]) expect(answer.text).not.toContain(foreign)
  })
})

describe("POST /api/account/delete", () => {
  it("refuses a wrong password, staff, a signed-out caller and an account with business open, changing nothing", async () => {
    const shopper = await signedUpUser(app.app, "keeper")
    expect((await api().post("/api/account/delete").send({ password: shopper.password })).status).toBe(401)
    expect((await deleteAs(bearer(shopper), "")).status).toBe(400)

    const wrong = await deleteAs(bearer(shopper), "not-my-password")
    expect(wrong.status).toBe(403)
    expect(wrong.body.error).toBe(DELETION_TEXTS.wrongPassword)

    const order = await recordedOrder(app.db, shopper.user.id, [{ productId: unknownProductId() }], "PLACED")
    const open = await deleteAs(bearer(shopper), shopper.password)
    expect(open.status).toBe(409)
    expect(open.body.error).toBe(`${DELETION_TEXTS.openOrders} ${DELETION_TEXTS.deleteLater}`)

    // Delivered, but a return of it still on its way back: the money is still moving.
    await app.db.query("update bff.orders set status = 'DELIVERED', delivered_at = now() where id = $1", [order])
    await app.db.query(
      `insert into bff.returns (id, order_id, user_id, kind, status, lines, lines_key, pickup_address)
       values (gen_random_uuid(), $1, $2, 'return', 'picked_up', '[]', 'x', '{}')`,
      [order, shopper.user.id],
    )
    const returning = await deleteAs(bearer(shopper), shopper.password)
    expect(returning.status).toBe(409)
    expect(returning.body.error).toContain("return or exchange still under way")

    const staff = await staffSession(app.app)
    try {
      const refused = await deleteAs(staff.headers, staff.password)
      expect(refused.status).toBe(403)
      expect(refused.body.error).toBe(DELETION_TEXTS.staff)
    } finally {
      await staff.remove()
    }

    // Nothing changed: the account reads, signs in and keeps its e-mail and handle.
    const me = await api().get("/api/users/me").set(bearer(shopper))
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject({ email: shopper.email, handle: shopper.handle })
    expect((await api().post("/api/auth/login").send({ email: shopper.email, password: shopper.password })).status).toBe(200)
  })

  it("as another shopper's session reaches only that shopper's account, never the victim's", async () => {
    const [victim, attacker] = [await signedUpUser(app.app, "victim"), await signedUpUser(app.app, "attacker")]
    // The body names no account: whatever it says, the session's own account is the one checked and deleted.
    expect((await api().post("/api/account/delete").set(bearer(attacker)).send({ password: "guess-1234", userId: victim.user.id })).status).toBe(400)
    expect((await deleteAs(bearer(attacker), "guess-1234")).status).toBe(403)
    expect((await deleteAs(bearer(attacker), attacker.password)).status).toBe(200)
    expect((await api().get("/api/users/me").set(bearer(victim))).status).toBe(200)
    expect((await api().get(`/api/fitfeed/profile/${victim.handle}`)).status).toBe(200)
    expect((await api().post("/api/auth/login").send({ email: victim.email, password: victim.password })).status).toBe(200)
    expect((await api().get(`/api/fitfeed/profile/${attacker.handle}`)).status).toBe(404)
  })

  it("deletes the owner's account: sessions end, sign-in refused, profile and posts gone, counts exact, coins void, Medusa anonymised; the e-mail signs up afresh", async () => {
    const other = await feedMember(app.db, app.config.AUTH_TOKEN_SECRET, "othery")
    const { shopper, ownPost, othersPost } = await activeShopper(other, "leaver")
    expect((await api().post("/api/addresses").set(bearer(shopper)).send(NEW_ADDRESS)).status).toBe(201)
    const delivered = await recordedOrder(app.db, shopper.user.id, [{ productId: unknownProductId() }], "DELIVERED")
    // 120 coins to spend, and a referral earning still pending (its order not delivered yet).
    await app.db.query("insert into bff.dark_coin_entries (user_id, coins, kind, note) values ($1, 120, 'earn', 'test')", [shopper.user.id])
    await app.db.query(
      `insert into bff.dark_coin_entries (user_id, coins, kind, note, order_id, line_key, post_id, matures_at)
       values ($1, 45, 'earn', 'referral', $2, 'line', $3, 'infinity')`,
      [shopper.user.id, delivered, ownPost],
    )
    const second = await api().post("/api/auth/login").send({ email: shopper.email, password: shopper.password })
    expect(second.status).toBe(200)
    const before = await postCounts(othersPost)
    const { rows: customers } = await app.db.query<{ medusa_customer_id: string }>("select medusa_customer_id from bff.users where id = $1", [shopper.user.id])
    const customerId = customers[0]!.medusa_customer_id

    const deleted = await deleteAs(bearer(shopper), shopper.password)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ deleted: true, message: DELETION_TEXTS.deleted })

    // Every session ends at once: both access tokens, the refresh cookie; a replayed delete is a 401 too.
    for (const token of [shopper.accessToken, second.body.accessToken as string]) {
      expect(
        (
          await api()
            .get("/api/users/me")
            .set({ Authorization: `Bearer ${token}` })
        ).status,
      ).toBe(401)
    }
    expect((await api().post("/api/auth/refresh").set("Cookie", shopper.cookie)).status).toBe(401)
    expect((await api().post("/api/auth/refresh").set("Cookie", refreshCookieOf(second)!)).status).toBe(401)
    expect((await deleteAs(bearer(shopper), shopper.password)).status).toBe(401)
    const login = await api().post("/api/auth/login").send({ email: shopper.email, password: shopper.password })
    expect(login.status).toBe(401)

    // The profile answers 404 by its old handle and by its id; the posts left the feed.
    expect((await api().get(`/api/fitfeed/profile/${shopper.handle}`)).status).toBe(404)
    expect((await api().get(`/api/fitfeed/profile/${shopper.user.id}`)).status).toBe(404)
    expect((await api().get(`/api/fitfeed/posts/${ownPost}`)).status).toBe(404)
    const feed = await api().get("/api/fitfeed/feed").set(other.headers)
    expect(JSON.stringify(feed.body)).not.toContain(shopper.user.id)

    // Their like and comment on another's post went, and its counts are the rows' exactly.
    const after = await postCounts(othersPost)
    expect(after).toEqual({
      like_count: before.like_count - 1,
      comment_count: before.comment_count - 1,
      likes: after.like_count,
      comments: after.comment_count,
    })
    const { rows: follows } = await app.db.query("select 1 from bff.fitfeed_follows where follower_id = $1 or followee_id = $1", [shopper.user.id])
    expect(follows).toHaveLength(0)

    // Coins: the pending earning dropped, the balance void by one adjustment; the ledger still adds up.
    expect(await counted(shopper.user.id)).toBe(0)
    const { rows: ledger } = await app.db.query<{ kind: string; coins: number; dropped: boolean }>(
      "select kind, coins, dropped_at is not null as dropped from bff.dark_coin_entries where user_id = $1 order by id",
      [shopper.user.id],
    )
    expect(ledger).toEqual([
      { kind: "earn", coins: 120, dropped: false },
      { kind: "earn", coins: 45, dropped: true },
      { kind: "adjustment", coins: -120, dropped: false },
    ])

    // The row stays, anonymised, with its order; nothing of the person is left on it.
    const { rows: users } = await app.db.query("select email, inbox, name, phone, avatar_url, deleted_at is not null as deleted from bff.users where id = $1", [
      shopper.user.id,
    ])
    expect(users[0]).toEqual({
      email: `deleted+${shopper.user.id}@invalid`,
      inbox: null,
      name: "Deleted account",
      phone: null,
      avatar_url: null,
      deleted: true,
    })
    const { rows: orders } = await app.db.query("select user_id from bff.orders where id = $1", [delivered])
    expect(orders).toEqual([{ user_id: shopper.user.id }])

    // Medusa's customer: anonymised, its addresses gone, its credentials removed.
    const { customer } = await medusaApi<{ customer: Record<string, unknown> & { addresses: unknown[] } }>(
      "GET",
      `/admin/customers/${customerId}?fields=email,first_name,last_name,phone,*addresses`,
      { token: await opsToken() },
    )
    expect(customer).toMatchObject({ email: `deleted+${customerId.toLowerCase()}@invalid`, first_name: null, last_name: null, phone: null, addresses: [] })

    // The same e-mail signs up afresh, as a new account.
    const again = await api().post("/api/auth/signup").send({ name: "Back Again", email: shopper.email, handle: shopper.handle, password: "another-pass-7" })
    expect(again.status).toBe(201)
    const verified = await api()
      .post("/api/auth/verify-email")
      .send({ email: shopper.email, code: await latestCode(app.app, shopper.email) })
    expect(verified.status).toBe(200)
    expect(verified.body.user).toMatchObject({ email: shopper.email, handle: shopper.handle })
    expect(verified.body.user.id).not.toBe(shopper.user.id)
  })

  it("answers a double submit once: the second waits for the first and changes nothing", async () => {
    const shopper = await signedUpUser(app.app, "twice")
    const answers = await Promise.all([deleteAs(bearer(shopper), shopper.password), deleteAs(bearer(shopper), shopper.password)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
    const { rows } = await app.db.query("select count(*)::int as n from bff.dark_coin_entries where user_id = $1", [shopper.user.id])
    expect(rows[0]).toEqual({ n: 0 })
  })

  it("keeps a deleted account's orders: staff still download the invoice", async () => {
    const buyer: Shopper = await signedUpUser(app.app, "invkeep")
    const product = products.find((candidate) => candidate.variants.some((variant) => variant.size === "M" && variant.stockOnHand > 2))!
    expect((await api().post("/api/cart").set(bearer(buyer)).send({ productId: product.id, size: "M", quantity: 1 })).status).toBe(201)
    const orderId = await checkOut(app, buyer, "prepaid")
    expect((await deleteAs(bearer(buyer), buyer.password)).status).toBe(409)
    // The courier delivered it (straight in the row: the purchase path's tests cover the courier).
    await app.db.query("update bff.orders set status = 'DELIVERED', delivered_at = now() where id = $1", [orderId])
    expect((await deleteAs(bearer(buyer), buyer.password)).status).toBe(200)

    const staff = await staffSession(app.app)
    try {
      const invoice = await api().get(`/api/orders/${orderId}/invoice`).set(staff.headers)
      expect(invoice.status).toBe(200)
      expect(invoice.headers["content-type"]).toBe("application/pdf")
    } finally {
      await staff.remove()
    }
  })
})
