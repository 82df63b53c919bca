import { randomUUID } from "node:crypto"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  ALREADY_REVIEWED,
  FIT_REQUIRED,
  fitReturnRatesSchema,
  NOT_A_REVIEWER,
  NOT_YOUR_POST,
  productPageSchema,
  RATING_REQUIRED,
  REVIEW_TOO_LONG,
  reviewFormPath,
  reviewSchema,
  type Product,
} from "@fitshop/contracts"
import { createTestApp, TEST_PUBLIC_URL } from "../../../test/app.js"
import { newestProducts } from "../../../test/catalog.js"
import { dataUrlOf, feedMember, insertedPost, photo, recordedOrder, trustedFeedMember, type FeedMember } from "../../../test/fitfeed.js"
import { shopperSession, staffSession } from "../../../test/staff.js"
import { transaction } from "../../lib/db.js"
import { enqueueJob } from "../../lib/jobs.js"
import { productAnswerJob } from "../catalog/answer-changes.js"
import { REVIEW_INVITE_JOB } from "../order-messages/index.js"
import { reviewsAfterReturn } from "./withdrawals.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let products: Product[]
let png: string

beforeAll(async () => {
  ctx = await createTestApp()
  products = await newestProducts(ctx.app)
  png = dataUrlOf(await photo("png"))
}, 60_000)
afterAll(() => ctx.close())

const api = () => request(ctx.app)
const member = (label = "buyer") => feedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET, label)
/** Products no other file reviews: this file's reviews land on the oldest seeded ones, a different one per test. */
let nextProduct = 0
const freshProduct = () => products[products.length - 1 - nextProduct++]!

type Bought = { orderId: string; lineId: string }

/** An order of the member's for the product, delivered (or in another state), with its line's id as Medusa's. */
async function bought(
  who: FeedMember,
  product: Product,
  { size = "M", quantity = 1, status = "DELIVERED" }: { size?: string; quantity?: number; status?: "PAID" | "DELIVERED" | "CANCELLED" } = {},
): Promise<Bought> {
  const lineId = `ordli_${randomUUID().replaceAll("-", "")}`
  const orderId = await recordedOrder(ctx.db, who.id, [{ productId: product.id, size, quantity, lineId }], status)
  if (status === "DELIVERED") await ctx.db.query("update bff.orders set delivered_at = now() where id = $1", [orderId])
  return { orderId, lineId }
}

/** A return or exchange the member asked of their order's line, in the state given. */
async function askedBack(
  who: FeedMember,
  product: Product,
  order: Bought,
  {
    kind = "return" as "return" | "exchange",
    reason = "Changed my mind",
    size = "M",
    exchangeSize = null as string | null,
    quantity = 1,
    status = "refunded",
  } = {},
) {
  const line = {
    lineId: order.lineId,
    productId: product.id,
    variantId: "variant_test",
    title: product.title,
    size,
    quantity,
    firstUnit: 0,
    unitPrice: 99_900,
    reason,
    note: null,
    exchangeSize,
    exchangeVariantId: exchangeSize ? "variant_other" : null,
    refund: { toPayment: 0, coins: 0 },
    spentCoins: 0,
  }
  await ctx.db.query(
    `insert into bff.returns (id, order_id, user_id, kind, status, lines, lines_key, pickup_address) values ($1, $2, $3, $4, $5, $6, $7, '{}')`,
    [randomUUID(), order.orderId, who.id, kind, status, JSON.stringify([line]), `${order.lineId}:${quantity}:${exchangeSize ?? ""}`],
  )
}

const review = (who: FeedMember, productId: string, body: Record<string, unknown> = { rating: 4, fit: "TRUE" }) =>
  api().post(`/api/products/${productId}/reviews`).set(who.headers).send(body)

/** The product answer as a shopper reads it, after the catalogue's cached answers followed the change. */
async function productAnswer(productId: string) {
  await productAnswerJob(ctx.cache).run({} as never)
  const response = await api().get(`/api/products/${productId}`)
  expect(response.status).toBe(200)
  return productPageSchema.parse(response.body).product
}

describe("who may review a product", () => {
  it("a buyer whose piece was delivered and kept, once: 201 with the review as the contract says, then 409", async () => {
    const product = freshProduct()
    const buyer = await member()
    await bought(buyer, product, { size: "L" })
    const created = await review(buyer, product.id, { rating: 5, fit: "SMALL", text: "  Heavy cotton, size up.  ", photo: png })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const parsed = reviewSchema.parse(created.body.review)
    expect(parsed).toMatchObject({ rating: 5, fit: "SMALL", sizeBought: "L", text: "Heavy cotton, size up.", verifiedBuyer: true, mine: true, hidden: false })
    expect(parsed.author.handle).toBe(buyer.handle)
    expect(parsed.photo?.url).toMatch(/^\/media\//)
    const again = await review(buyer, product.id)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(ALREADY_REVIEWED)
  })

  it("nobody else: never bought, paid but not delivered, cancelled, returned whole, or another shopper's order", async () => {
    const product = freshProduct()
    const stranger = await member("stranger")
    const waiting = await member("waiting")
    await bought(waiting, product, { status: "PAID" })
    const cancelled = await member("cancelled")
    await bought(cancelled, product, { status: "CANCELLED" })
    const returned = await member("returned")
    await askedBack(returned, product, await bought(returned, product))
    const asking = await member("asking")
    await askedBack(asking, product, await bought(asking, product), { status: "requested" })
    for (const who of [stranger, waiting, cancelled, returned, asking]) {
      const refused = await review(who, product.id)
      expect(refused.status, who.handle).toBe(403)
      expect(refused.body.message).toBe(NOT_A_REVIEWER)
    }
    // Another shopper's delivered order proves nothing for the stranger.
    const owner = await member("owner")
    await bought(owner, product)
    expect((await review(stranger, product.id)).status).toBe(403)
    expect((await api().get(`/api/products/${product.id}/reviews`)).body.reviews).toEqual([])
  })

  it("a double submit and two tabs at once: one review, the others 409", async () => {
    const product = freshProduct()
    const buyer = await member()
    await bought(buyer, product)
    const answers = await Promise.all([1, 2, 3, 4].map(() => review(buyer, product.id)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409])
    const { rows } = await ctx.db.query("select 1 from bff.reviews where product_id = $1 and user_id = $2", [product.id, buyer.id])
    expect(rows).toHaveLength(1)
  })

  it("refuses bad fields with the contract's texts, and a link to a post that isn't the author's own of this product", async () => {
    const product = freshProduct()
    const buyer = await member()
    await bought(buyer, product)
    const cases: [Record<string, unknown>, string][] = [
      [{ fit: "TRUE" }, RATING_REQUIRED],
      [{ rating: 6, fit: "TRUE" }, RATING_REQUIRED],
      [{ rating: 2.5, fit: "TRUE" }, RATING_REQUIRED],
      [{ rating: 4, fit: "XL" }, FIT_REQUIRED],
      [{ rating: 4, fit: "TRUE", text: "x".repeat(2001) }, REVIEW_TOO_LONG],
      [{ rating: 4, fit: "TRUE", postId: "abc" }, NOT_YOUR_POST],
    ]
    for (const [body, message] of cases) {
      const refused = await review(buyer, product.id, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.message).toBe(message)
    }
    const other = await member("other")
    const othersPost = await insertedPost(ctx.db, other.id, { productId: product.id })
    const ownOtherProduct = await insertedPost(ctx.db, buyer.id, { productId: products[0]!.id })
    for (const postId of [othersPost, ownOtherProduct]) {
      const refused = await review(buyer, product.id, { rating: 4, fit: "TRUE", postId })
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe(NOT_YOUR_POST)
    }
    const ownPost = await insertedPost(ctx.db, buyer.id, { productId: product.id })
    const linked = await review(buyer, product.id, { rating: 4, fit: "TRUE", postId: ownPost })
    expect(linked.status).toBe(201)
    expect(linked.body.review.postId).toBe(ownPost)
  })
})

describe("the author's review", () => {
  it("is edited and withdrawn by its author only (404 for anyone else's); withdrawn, it counts nowhere and a new one may be written", async () => {
    const product = freshProduct()
    const author = await member("author")
    await bought(author, product)
    const { id } = (await review(author, product.id, { rating: 2, fit: "LARGE", text: "Boxy" })).body.review
    const other = await member("other")
    expect((await api().patch(`/api/reviews/${id}`).set(other.headers).send({ rating: 1 })).status).toBe(404)
    expect((await api().delete(`/api/reviews/${id}`).set(other.headers)).status).toBe(404)
    expect((await api().patch(`/api/reviews/${id}`).set(author.headers).send({})).status).toBe(400)

    const edited = await api().patch(`/api/reviews/${id}`).set(author.headers).send({ rating: 3, text: null })
    expect(edited.status).toBe(200)
    expect(edited.body.review).toMatchObject({ rating: 3, fit: "LARGE", text: null })
    expect(edited.body.review.editedAt).not.toBeNull()
    expect((await productAnswer(product.id)).rating).toEqual({ average: 3, count: 1 })

    expect((await api().delete(`/api/reviews/${id}`).set(author.headers)).body).toEqual({ withdrawn: true })
    expect((await api().get(`/api/products/${product.id}/reviews`)).body.reviews).toEqual([])
    expect((await api().get(`/api/products/${product.id}/reviews/mine`).set(author.headers)).body).toEqual({ review: null })
    expect((await productAnswer(product.id)).rating).toBeNull()
    expect((await review(author, product.id, { rating: 4, fit: "TRUE" })).status).toBe(201)
  })
})

describe("what shoppers read", () => {
  it("the list, newest first, a page at a time, filtered by stars and by photo; the product's rating to one decimal", async () => {
    const product = freshProduct()
    expect(await productAnswer(product.id)).toMatchObject({ rating: null, fit: null })
    const ratings = [5, 4, 4, 2, 5, 3]
    for (const [index, rating] of ratings.entries()) {
      const buyer = await member(`r${index}`)
      await bought(buyer, product)
      expect((await review(buyer, product.id, { rating, fit: "TRUE", ...(index === 1 ? { photo: png } : {}) })).status).toBe(201)
    }
    const first = await api().get(`/api/products/${product.id}/reviews`).query({ limit: 4 })
    expect(first.body.reviews.map((each: { rating: number }) => each.rating)).toEqual([3, 5, 2, 4])
    const second = await api().get(`/api/products/${product.id}/reviews`).query({ limit: 4, cursor: first.body.nextCursor })
    expect(second.body.reviews.map((each: { rating: number }) => each.rating)).toEqual([4, 5])
    expect(second.body.nextCursor).toBeNull()
    const fours = await api().get(`/api/products/${product.id}/reviews`).query({ rating: 4 })
    expect(fours.body.reviews).toHaveLength(2)
    const withPhoto = await api().get(`/api/products/${product.id}/reviews`).query({ photo: "true" })
    expect(withPhoto.body.reviews.map((each: { photo: unknown }) => Boolean(each.photo))).toEqual([true])
    expect((await api().get(`/api/products/${product.id}/reviews`).query({ rating: 7 })).status).toBe(400)
    expect((await api().get(`/api/products/${product.id}/reviews`).query({ cursor: "forged" })).status).toBe(400)
    expect((await api().get("/api/products/%E0%A4%A/reviews")).status).toBe(400)

    const answer = await productAnswer(product.id)
    expect(answer.rating).toEqual({ average: 3.8, count: 6 })
    expect(answer.ratingDistribution).toEqual([
      { stars: 5, count: 2 },
      { stars: 4, count: 2 },
      { stars: 3, count: 1 },
      { stars: 2, count: 1 },
      { stars: 1, count: 0 },
    ])
  })

  it("the cached product answer changes once a review commits: a job refreshes it", async () => {
    const product = freshProduct()
    expect((await productAnswer(product.id)).rating).toBeNull()
    const buyer = await member()
    await bought(buyer, product)
    await review(buyer, product.id, { rating: 4, fit: "TRUE" })
    const { rows } = await ctx.db.query("select 1 from bff.jobs where kind = 'catalog.product-answer' and key = $1", [product.id])
    expect(rows).toHaveLength(1)
    expect((await productAnswer(product.id)).rating).toEqual({ average: 4, count: 1 })
  })
})

describe("the fit verdict", () => {
  it("shows once five buyers answered, from reviews, exchanges and fit returns, one answer per buyer (what they did first)", async () => {
    const product = freshProduct()
    const answered = async (label: string, act: (who: FeedMember, order: Bought) => Promise<void>) => {
      const who = await member(label)
      await act(who, await bought(who, product))
    }
    await answered("small1", async (who) => void (await review(who, product.id, { rating: 4, fit: "SMALL" })))
    await answered("small2", async (who, order) => askedBack(who, product, order, { kind: "exchange", exchangeSize: "L", status: "exchanged" }))
    await answered("small3", async (who, order) => askedBack(who, product, order, { reason: "Size too small" }))
    // Said true to size, then exchanged it up: what they did counts, once.
    await answered("small4", async (who, order) => {
      await review(who, product.id, { rating: 4, fit: "TRUE" })
      await askedBack(who, product, order, { kind: "exchange", exchangeSize: "XL", status: "requested" })
    })
    expect((await productAnswer(product.id)).fit).toBeNull()
    // A cancelled exchange and a return for another reason tell nothing.
    await answered("nothing1", async (who, order) => askedBack(who, product, order, { kind: "exchange", exchangeSize: "L", status: "cancelled" }))
    await answered("nothing2", async (who, order) => askedBack(who, product, order, { reason: "Quality issue" }))
    expect((await productAnswer(product.id)).fit).toBeNull()
    await answered("large1", async (who, order) => askedBack(who, product, order, { reason: "Size too big" }))
    expect((await productAnswer(product.id)).fit).toEqual({ verdict: "SMALL", n: 5, share: 4 / 5 })
    await answered("true1", async (who) => void (await review(who, product.id, { rating: 5, fit: "TRUE" })))
    await answered("true2", async (who) => void (await review(who, product.id, { rating: 5, fit: "TRUE" })))
    await answered("true3", async (who) => void (await review(who, product.id, { rating: 5, fit: "TRUE" })))
    // Four small, three true, one large: still small, of eight buyers.
    expect((await productAnswer(product.id)).fit).toEqual({ verdict: "SMALL", n: 8, share: 4 / 8 })
  })
})

describe("the size hint", () => {
  it("names the size the shopper kept most in pieces of the same block, for them only, and nothing when the shop doesn't know", async () => {
    const [target, ...others] = products.filter(
      (each) => each.categoryType === "UPPERS" && each.subcategory === products.find((p) => p.categoryType === "UPPERS" && p.subcategory)!.subcategory,
    )
    expect(others.length).toBeGreaterThanOrEqual(2)
    const elsewhere = products.find((each) => each.categoryType === "LOWERS" && each.sizes.includes("M"))!
    const shopper = await member("sizes")
    const hint = async (product: Product, who: FeedMember | null = shopper) =>
      (await (who ? api().get(`/api/products/${product.id}/size-hint`).set(who.headers) : api().get(`/api/products/${product.id}/size-hint`))).body.hint

    expect(await hint(target!)).toBeNull()
    await bought(shopper, others[0]!, { size: "M", quantity: 2 })
    const exchanged = await bought(shopper, others[1]!, { size: "S" })
    await askedBack(shopper, others[1]!, exchanged, { kind: "exchange", size: "S", exchangeSize: "M", status: "exchanged" })
    const sentBack = await bought(shopper, others[1]!, { size: "L" })
    await askedBack(shopper, others[1]!, sentBack)
    await bought(shopper, elsewhere, { size: "XL", quantity: 5 })
    expect(await hint(target!)).toEqual({ size: "M", pieces: 3 })
    expect(await hint(target!, null)).toBeNull()
    expect(await hint(target!, await member("new"))).toBeNull()
  })
})

describe("moderation", () => {
  it("three untrusted reports hide nothing; three trusted ones hide it from all but its author, who is told; staff restore or hide it", async () => {
    const product = freshProduct()
    const author = await member("author")
    await bought(author, product)
    await ctx.db.query("update bff.users set marketing_opt_in = false where id = $1", [author.id])
    const { id } = (await review(author, product.id, { rating: 1, fit: "TRUE", text: "Terrible" })).body.review
    expect((await api().post(`/api/reviews/${id}/report`).set(author.headers).send({ reason: "mine" })).status).toBe(400)
    for (const label of ["new1", "new2", "new3"]) {
      expect(
        (
          await api()
            .post(`/api/reviews/${id}/report`)
            .set((await member(label)).headers)
            .send({ reason: "Rude" })
        ).status,
      ).toBe(200)
    }
    expect((await api().get(`/api/products/${product.id}/reviews`)).body.reviews).toHaveLength(1)
    for (const label of ["old1", "old2", "old3"]) {
      const reporter = await trustedFeedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET, label)
      expect((await api().post(`/api/reviews/${id}/report`).set(reporter.headers).send({ reason: "Spam" })).status).toBe(200)
    }
    expect((await api().get(`/api/products/${product.id}/reviews`)).body.reviews).toEqual([])
    const own = await api().get(`/api/products/${product.id}/reviews`).set(author.headers)
    expect(own.body.reviews).toEqual([expect.objectContaining({ id, hidden: true, mine: true })])
    expect((await productAnswer(product.id)).rating).toBeNull()
    const { rows: told } = await ctx.db.query("select payload from bff.jobs where kind = 'review.hidden' and key like $1", [`${id}:%:reports`])
    expect(told).toHaveLength(1)

    const shopper = await shopperSession(ctx.app)
    expect((await api().get("/api/admin/reviews").set(shopper.headers)).status).toBe(403)
    expect((await api().post(`/api/admin/reviews/${id}/restore`).set(shopper.headers)).status).toBe(403)
    const staff = await staffSession(ctx.app)
    const reported = await api().get("/api/admin/reviews").query({ state: "reported", limit: 100 }).set(staff.headers)
    expect(reported.body.reviews.find((each: { id: string }) => each.id === id)).toMatchObject({
      status: "hidden",
      hiddenReason: null,
      reports: { count: 6, trusted: 3 },
    })
    const restored = await api().post(`/api/admin/reviews/${id}/restore`).set(staff.headers)
    expect(restored.body.review).toMatchObject({ status: "visible", reports: { count: 0, trusted: 0 } })
    expect((await productAnswer(product.id)).rating).toEqual({ average: 1, count: 1 })

    expect((await api().post(`/api/admin/reviews/${id}/hide`).set(staff.headers).send({ reason: " " })).status).toBe(400)
    const hidden = await api().post(`/api/admin/reviews/${id}/hide`).set(staff.headers).send({ reason: "Personal data in the text" })
    expect(hidden.body.review).toMatchObject({ status: "hidden", hiddenReason: "Personal data in the text" })
    await api().post(`/api/admin/reviews/${id}/hide`).set(staff.headers).send({ reason: "Personal data in the text" })
    const { rows: staffNotes } = await ctx.db.query("select payload from bff.jobs where kind = 'review.hidden' and key like $1", [`${id}:%:staff`])
    expect(staffNotes.map((row) => row.payload.reason)).toEqual(["Personal data in the text"])
    // Told though they said no to marketing e-mail: this is about their own words.
    await ctx.app.background.messages.runDue()
    const { rows: account } = await ctx.db.query<{ email: string }>("select email from bff.users where id = $1", [author.id])
    const mails = (await api().get("/api/dev/outbox").query({ to: account[0]!.email })).body.messages as { subject: string; text: string }[]
    const notes = mails.filter((mail) => mail.subject === `Your review of ${product.title} is hidden`)
    expect(notes).toHaveLength(2)
    expect(notes.map((mail) => mail.text).join("\n")).toContain("The reason: Personal data in the text")
  })
})

describe("a purchase that comes back", () => {
  it("part of it: the review stays, no longer a verified buyer's; all of it: the review is withdrawn and counts nowhere", async () => {
    const product = freshProduct()
    const buyer = await member()
    const order = await bought(buyer, product, { quantity: 2 })
    const { id } = (await review(buyer, product.id, { rating: 5, fit: "TRUE" })).body.review
    const refunded = async (quantity: number) => {
      await askedBack(buyer, product, order, { quantity })
      const { rows } = await ctx.db.query<{ id: string }>("select id from bff.returns where order_id = $1 order by requested_at desc limit 1", [order.orderId])
      await transaction(ctx.db, (client) => reviewsAfterReturn(client, rows[0]!.id, "return_refunded"))
    }
    await refunded(1)
    expect((await api().get(`/api/products/${product.id}/reviews`)).body.reviews).toEqual([expect.objectContaining({ id, verifiedBuyer: false })])
    await refunded(1)
    expect((await api().get(`/api/products/${product.id}/reviews`)).body.reviews).toEqual([])
    expect((await productAnswer(product.id)).rating).toBeNull()
    const { rows } = await ctx.db.query("select withdrawn_by from bff.reviews where id = $1", [id])
    expect(rows).toEqual([{ withdrawn_by: "return" }])
  })
})

describe("the invitation to review", () => {
  /** Runs the order's invitation now, as its job would five days after delivery; answers the invitations in the buyer's inbox. */
  async function invited(who: FeedMember, orderId: string) {
    await enqueueJob(ctx.db, REVIEW_INVITE_JOB, orderId, { orderId, siteUrl: TEST_PUBLIC_URL })
    while ((await ctx.app.background.messages.runDue()) > 0);
    const { rows } = await ctx.db.query<{ email: string }>("select email from bff.users where id = $1", [who.id])
    const mails = (await api().get("/api/dev/outbox").query({ to: rows[0]!.email })).body.messages as { subject: string; text: string }[]
    return mails.filter((mail) => mail.subject.startsWith("How is your order"))
  }

  it("goes once, to a buyer who said yes to marketing, linking the review form of each piece kept and not reviewed", async () => {
    const [kept, reviewed, sentBack] = [freshProduct(), freshProduct(), freshProduct()]
    const buyer = await member("invited")
    await ctx.db.query("update bff.users set marketing_opt_in = true where id = $1", [buyer.id])
    const lines = [kept, reviewed, sentBack].map((product) => ({ productId: product.id, lineId: `ordli_${randomUUID().replaceAll("-", "")}` }))
    const orderId = await recordedOrder(ctx.db, buyer.id, lines, "DELIVERED")
    await askedBack(buyer, sentBack, { orderId, lineId: lines[2]!.lineId })
    await review(buyer, reviewed.id)
    const [mail, ...more] = await invited(buyer, orderId)
    expect(more).toEqual([])
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}${reviewFormPath(kept.id)}`)
    expect(mail!.text).not.toContain(reviewFormPath(reviewed.id))
    expect(mail!.text).not.toContain(reviewFormPath(sentBack.id))
    expect(await invited(buyer, orderId)).toHaveLength(1)
  })

  it("doesn't go to a buyer who said no to marketing, nor for an order returned whole", async () => {
    const product = freshProduct()
    const declined = await member("declined")
    await ctx.db.query("update bff.users set marketing_opt_in = false where id = $1", [declined.id])
    expect(await invited(declined, (await bought(declined, product)).orderId)).toEqual([])
    const returned = await member("returned")
    await ctx.db.query("update bff.users set marketing_opt_in = true where id = $1", [returned.id])
    const order = await bought(returned, product)
    await askedBack(returned, product, order)
    expect(await invited(returned, order.orderId)).toEqual([])
  })
})

describe("the console's fit-return rate", () => {
  it("counts the units delivered in the last 90 days and those sent back or exchanged too small or too big", async () => {
    const product = freshProduct()
    const smaller = await member("fr1")
    await askedBack(smaller, product, await bought(smaller, product, { size: "L" }), { kind: "exchange", size: "L", exchangeSize: "M", status: "requested" })
    const bigger = await member("fr2")
    await askedBack(bigger, product, await bought(bigger, product, { quantity: 2 }), { reason: "Size too small", quantity: 2 })
    const kept = await member("fr3")
    await bought(kept, product)
    const staff = await staffSession(ctx.app)
    const answer = await api().get("/api/admin/analytics/fit-returns").set(staff.headers)
    expect(answer.status).toBe(200)
    expect(fitReturnRatesSchema.parse(answer.body).products.find((row) => row.productId === product.id)).toEqual({
      productId: product.id,
      title: "Test tee",
      unitsDelivered: 4,
      tooSmall: 2,
      tooBig: 1,
      rate: 3 / 4,
    })
    expect(
      (
        await api()
          .get("/api/admin/analytics/fit-returns")
          .set((await shopperSession(ctx.app)).headers)
      ).status,
    ).toBe(403)
  })
})
