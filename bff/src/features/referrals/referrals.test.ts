import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { newestProducts } from "../../../test/catalog.js"
import { bearer, eventually, ordersOf, payload, payOrder, startCheckoutApp, type CheckoutApp, type Shopper } from "../../../test/checkout.js"
import { dataUrlOf, photo } from "../../../test/fitfeed.js"
import { type Product, type ProductVariant } from "@fitshop/contracts"
import { referralCoins } from "./earnings.js"

let app: CheckoutApp
let products: Product[]
/** Taken from the oldest end of the catalogue, so the checkout tests' products (newest first) are left alone. */
let nextProduct = 0

beforeAll(async () => {
  app = await startCheckoutApp()
  products = (await newestProducts(app.app)).reverse()
})
afterAll(() => app.close())

function freshProduct(): { product: Product; variant: ProductVariant } {
  for (; nextProduct < products.length; nextProduct++) {
    const product = products[nextProduct]!
    const variant = product.variants.find((v) => v.stockOnHand >= 4)
    if (variant) {
      nextProduct++
      return { product, variant }
    }
  }
  throw new Error("no product left with enough stock")
}

const api = () => request(app.app)

async function buy(shopper: Shopper, product: Product, variant: ProductVariant, mode: "prepaid" | "cod", refPostId: string | null = null) {
  expect((await api().post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size, quantity: 1, refPostId })).status).toBe(201)
  if (mode === "cod") {
    const placed = await api().post("/api/checkout").set(bearer(shopper)).send(payload("cod"))
    expect(placed.status).toBe(201)
    return placed.body.orderId as string
  }
  const created = await api().post("/api/payments/create-order").set(bearer(shopper)).send(payload("prepaid"))
  const paid = await payOrder(app, created.body.orderId)
  // The emulator's payment.captured webhook queues a settle job; verify arrives too: both must credit once.
  const [verified] = await Promise.all([api().post("/api/payments/verify").set(bearer(shopper)).send(paid), app.runJobs()])
  expect(verified.status).toBe(200)
  await app.runJobs()
  return verified.body.orderId as string
}

/** A shopper who bought the product by cash on delivery and posted a fit of it. */
async function authorOf(product: Product, variant: ProductVariant) {
  const author = await signedUpUser(app.app, "author")
  await buy(author, product, variant, "cod")
  const post = await api()
    .post("/api/fitfeed/posts")
    .set(bearer(author))
    .send({ kind: "REGULAR", productId: product.id, text: "Wearing it daily", imageUrl: dataUrlOf(await photo("jpeg"), "image/jpeg") })
  expect(post.status).toBe(201)
  return { author, postId: post.body.post.id as string }
}

const ledger = async (shopper: Shopper) => (await api().get("/api/wallet/ledger").set(bearer(shopper))).body
const earnings = async (postId: string) => (await api().get(`/api/fitfeed/posts/${postId}`)).body.post.earningsCoins

describe("referral earnings", () => {
  it("rounds a configured share of the line down to whole coins (5% of ₹1,299 = 649 coins)", () => {
    expect(referralCoins(129_900, 5)).toBe(649)
    expect(referralCoins(99, 5)).toBe(0)
    expect(referralCoins(100_000, 2.5)).toBe(250)
  })

  it("credits the author once for a paid order bought through the post, with verify and webhook both arriving", async () => {
    const { product, variant } = freshProduct()
    const { author, postId } = await authorOf(product, variant)
    const buyer = await signedUpUser(app.app, "buyer")
    const orderId = await buy(buyer, product, variant, "prepaid", postId)
    const expected = referralCoins(product.basePrice, 5)
    await app.runJobs()

    const book = await ledger(author)
    const earns = book.entries.filter((entry: { kind: string }) => entry.kind === "earn")
    expect(earns).toEqual([
      {
        id: expect.any(String),
        coins: expected,
        kind: "earn",
        reason: `Referral: ${product.title} bought through your post`,
        orderId,
        postId,
        shortfall: 0,
        createdAt: expect.any(String),
      },
    ])
    expect(book.balance).toBe(expected)
    expect(await earnings(postId)).toBe(expected)
  })

  it("pays nothing for buying through one's own post or for another product bought with the post's id", async () => {
    const { product, variant } = freshProduct()
    const { author, postId } = await authorOf(product, variant)
    await buy(author, product, variant, "prepaid", postId)
    const other = freshProduct()
    const buyer = await signedUpUser(app.app, "buyer")
    await buy(buyer, other.product, other.variant, "prepaid", postId)
    expect((await ledger(author)).entries.filter((entry: { kind: string }) => entry.kind === "earn")).toEqual([])
  })

  it("credits cash on delivery only once delivered, and takes it back when the order is cancelled, never below zero", async () => {
    const { product, variant } = freshProduct()
    const { author, postId } = await authorOf(product, variant)
    const buyer = await signedUpUser(app.app, "buyer")
    const orderId = await buy(buyer, product, variant, "cod", postId)
    expect(await earnings(postId)).toBe(0)

    await api().post("/api/fulfillment/shiprocket/dispatch").set(bearer(buyer)).send({ orderId })
    const order = await eventually(app, async () => {
      const [first] = await ordersOf(app, buyer)
      return first?.trackingId ? first : undefined
    })
    for (const status of ["SHIPPED", "DELIVERED", "DELIVERED"]) {
      const moved = await fetch(`${app.origin}/emulator/shiprocket/test/shipments/${order.trackingId}/status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status }),
      })
      expect([200, 409]).toContain(moved.status)
    }
    const expected = referralCoins(product.basePrice, 5)
    expect(await earnings(postId)).toBe(expected)

    // The author spends all but 100 of the coins, then the order is cancelled.
    await app.db.query("insert into bff.dark_coin_entries (user_id, coins, kind, note) values ($1, $2, 'spend', 'test spend')", [
      author.user.id,
      -(expected - 100),
    ])
    const cancelled = () =>
      request(app.app.internal).post(`/api/internal/orders/${orderId}/canceled`).set("x-internal-secret", app.config.INTERNAL_API_SECRET).send({})
    expect((await cancelled()).status).toBe(204)
    expect((await cancelled()).status).toBe(204)
    const book = await ledger(author)
    expect(book.balance).toBe(0)
    expect(book.entries.filter((entry: { kind: string }) => entry.kind === "reversal")).toEqual([
      expect.objectContaining({ coins: -100, orderId, postId, shortfall: expected - 100 }),
    ])
    expect(await earnings(postId)).toBe(expected - 100)
  })
})
