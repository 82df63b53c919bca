import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { newestProducts } from "../../../test/catalog.js"
import {
  bearer,
  deliverThroughShiprocket,
  followMedusa,
  giveCoins,
  payload,
  payOrder,
  startCheckoutApp,
  type CheckoutApp,
  type Shopper,
} from "../../../test/checkout.js"
import { cancelInMedusa, returnInMedusa } from "../../../test/orders.js"
import { dataUrlOf, photo } from "../../../test/fitfeed.js"
import { ledgerPageSchema, type Product, type ProductVariant } from "@fitshop/contracts"
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

/** A shopper who paid for the product online and posted a fit of it. */
async function authorOf(product: Product, variant: ProductVariant) {
  const author = await signedUpUser(app.app, "author")
  const orderId = await buy(author, product, variant, "prepaid")
  const post = await api()
    .post("/api/fitfeed/posts")
    .set(bearer(author))
    .send({ kind: "REGULAR", productId: product.id, text: "Wearing it daily", imageUrl: dataUrlOf(await photo("jpeg"), "image/jpeg") })
  expect(post.status).toBe(201)
  return { author, postId: post.body.post.id as string, orderId }
}

/** The shopper's ledger page, read strictly with the contract's schema, so a renamed member fails. */
async function ledger(shopper: Shopper) {
  const { body } = await api().get("/api/wallet/ledger").set(bearer(shopper))
  const parsed = ledgerPageSchema.safeParse(body)
  expect(parsed.success ? [] : parsed.error.issues).toEqual([])
  return body
}
/** What the post earned, as its author reads it (nobody else is shown the figure). */
const earnings = async (author: Shopper, postId: string) => (await api().get(`/api/fitfeed/posts/${postId}`).set(bearer(author))).body.post.earningsCoins
const earnsOf = async (shopper: Shopper) => (await ledger(shopper)).entries.filter((entry: { kind: string }) => entry.kind === "earn")

/** As if the order's return window had passed: its earnings are spendable. */
const windowPassed = (orderId: string) =>
  app.db.query("update bff.dark_coin_entries set matures_at = now() - interval '1 second' where order_id = $1 and kind = 'earn'", [orderId])

/** Ops end the order in Medusa's dashboard, cancelled before it ships or returned whole after, and the BFF follows (twice: once counts). */
async function endInMedusa(orderId: string, how: "cancel" | "return") {
  await (how === "cancel" ? cancelInMedusa(app.db, orderId) : returnInMedusa(app.db, orderId))
  await followMedusa(app, orderId)
  await followMedusa(app, orderId)
}

describe("referral earnings", () => {
  it("rounds a configured share of the line down to whole coins (5% of ₹1,299 = 649 coins)", () => {
    expect(referralCoins(129_900, 5)).toBe(649)
    expect(referralCoins(99, 5)).toBe(0)
    expect(referralCoins(100_000, 2.5)).toBe(250)
  })

  it("credits the author once for a paid order bought through the post, with verify and webhook both arriving; pending until delivered", async () => {
    const { product, variant } = freshProduct()
    const { author, postId } = await authorOf(product, variant)
    const buyer = await signedUpUser(app.app, "buyer")
    const orderId = await buy(buyer, product, variant, "prepaid", postId)
    const expected = referralCoins(product.basePrice, 5)
    await app.runJobs()

    const book = await ledger(author)
    expect(await earnsOf(author)).toEqual([
      {
        id: expect.any(String),
        coins: expected,
        kind: "earn",
        reason: `Referral: ${product.title} bought through your post`,
        orderId,
        postId,
        shortfall: 0,
        state: "pending",
        availableAt: null,
        createdAt: expect.any(String),
      },
    ])
    expect(book.balance).toBe(0)
    expect(book.pendingCoins).toBe(expected)
    expect(await earnings(author, postId)).toBe(expected)

    // Delivered: spendable once the return window (7 days) has passed.
    const deliveredAt = Date.now()
    await deliverThroughShiprocket(app, buyer, orderId)
    const [pending] = await earnsOf(author)
    expect(pending.state).toBe("pending")
    expect(Math.abs(new Date(pending.availableAt).getTime() - (deliveredAt + 7 * 24 * 60 * 60 * 1000))).toBeLessThan(60_000)
    await windowPassed(orderId)
    expect((await ledger(author)).balance).toBe(expected)
    expect((await earnsOf(author))[0].state).toBe("available")
  })

  it("pays nothing for buying through one's own post or for another product bought with the post's id", async () => {
    const { product, variant } = freshProduct()
    const { author, postId } = await authorOf(product, variant)
    await buy(author, product, variant, "prepaid", postId)
    const other = freshProduct()
    const buyer = await signedUpUser(app.app, "buyer")
    await buy(buyer, other.product, other.variant, "prepaid", postId)
    expect(await earnsOf(author)).toEqual([])
  })

  it("4. pays nothing through a hidden (reported) post", async () => {
    const { product, variant } = freshProduct()
    const { author, postId } = await authorOf(product, variant)
    await app.db.query("update bff.fitfeed_posts set hidden_at = now() where id = $1", [postId])
    const buyer = await signedUpUser(app.app, "buyer")
    await buy(buyer, product, variant, "prepaid", postId)
    expect(await earnsOf(author)).toEqual([])
  })

  it("credits cash on delivery only once delivered, and drops what is still pending when the order comes back", async () => {
    const { product, variant } = freshProduct()
    const { author, postId } = await authorOf(product, variant)
    const buyer = await signedUpUser(app.app, "buyer")
    const orderId = await buy(buyer, product, variant, "cod", postId)
    expect(await earnings(author, postId)).toBe(0)

    await deliverThroughShiprocket(app, buyer, orderId)
    const expected = referralCoins(product.basePrice, 5)
    expect(await earnings(author, postId)).toBe(expected)
    expect((await ledger(author)).pendingCoins).toBe(expected)

    await endInMedusa(orderId, "return")
    const book = await ledger(author)
    expect(book).toMatchObject({ balance: 0, pendingCoins: 0 })
    expect(book.entries.filter((entry: { kind: string }) => entry.kind === "earn")).toEqual([expect.objectContaining({ coins: expected, state: "dropped" })])
    expect(book.entries.filter((entry: { kind: string }) => entry.kind === "reversal")).toEqual([])
    expect(await earnings(author, postId)).toBe(0)
  })

  it("4. coins can't be minted: an author can't spend pending coins, and a cancelled order of theirs returns only what they spent", async () => {
    const { product, variant } = freshProduct()
    const { author, postId } = await authorOf(product, variant)
    const buyer = await signedUpUser(app.app, "buyer")
    const boughtThrough = await buy(buyer, product, variant, "prepaid", postId)
    const earned = referralCoins(product.basePrice, 5)
    expect((await ledger(author)).pendingCoins).toBe(earned)

    // The author's bag sees none of them as usable, and a checkout asking for coins spends none.
    const own = freshProduct()
    expect((await api().post("/api/cart").set(bearer(author)).send({ productId: own.product.id, size: own.variant.size, quantity: 1 })).status).toBe(201)
    expect((await api().get("/api/cart").set(bearer(author))).body.summary).toMatchObject({ darkCoins: 0, usableDiscount: 0, coinsToSpend: 0 })
    const placed = await api()
      .post("/api/checkout")
      .set(bearer(author))
      .send(payload("cod", { coins: true }))
    expect(placed.status).toBe(201)
    const ownOrder = placed.body.orderId as string

    // The buyer's order is cancelled (earnings dropped), then the author's own (nothing was spent: nothing comes back).
    await endInMedusa(boughtThrough, "cancel")
    await endInMedusa(ownOrder, "cancel")
    const book = await ledger(author)
    expect(book).toMatchObject({ balance: 0, pendingCoins: 0 })
    const { rows } = await app.db.query<{ total: number }>(
      "select coalesce(sum(coins), 0)::int as total from bff.dark_coin_entries where user_id = $1 and dropped_at is null",
      [author.user.id],
    )
    expect(rows[0]!.total).toBe(0)
  })

  it("4. a shortfall left by spent referral coins is kept from coins the author gets back later", async () => {
    const { product, variant } = freshProduct()
    const { author, postId } = await authorOf(product, variant)
    const buyer = await signedUpUser(app.app, "buyer")
    const boughtThrough = await buy(buyer, product, variant, "cod", postId)
    await deliverThroughShiprocket(app, buyer, boughtThrough)
    await windowPassed(boughtThrough)
    const earned = referralCoins(product.basePrice, 5)
    expect((await ledger(author)).balance).toBe(earned)

    // The author spends the coins on an order of their own (whole rupees: the rest stays).
    const own = freshProduct()
    expect((await api().post("/api/cart").set(bearer(author)).send({ productId: own.product.id, size: own.variant.size, quantity: 1 })).status).toBe(201)
    const placed = await api()
      .post("/api/checkout")
      .set(bearer(author))
      .send(payload("cod", { coins: true }))
    expect(placed.status).toBe(201)
    const spent = earned - (earned % 10)
    expect((await ledger(author)).balance).toBe(earned - spent)

    // Ops take back the order bought through the post after its window: what is left is taken back, the rest is owed.
    await endInMedusa(boughtThrough, "return")
    const owed = spent
    expect((await ledger(author)).balance).toBe(0)
    expect(
      (await ledger(author)).entries.find((entry: { kind: string; orderId: string }) => entry.kind === "reversal" && entry.orderId === boughtThrough),
    ).toMatchObject({
      coins: -(earned - spent),
      shortfall: owed,
    })

    // Cancelling the author's own order returns the coins it spent, less what is owed: nothing comes from nothing.
    await endInMedusa(placed.body.orderId as string, "cancel")
    expect((await ledger(author)).balance).toBe(spent - owed)
  })
})

describe("two shoppers who bought through each other's posts", () => {
  it("4. have both orders returned at once: both go through, each gets back what they spent, nobody keeps an earning", async () => {
    const first = freshProduct()
    const second = freshProduct()
    const a = await authorOf(first.product, first.variant)
    const b = await authorOf(second.product, second.variant)
    await giveCoins(app, a.author, 200)
    await giveCoins(app, b.author, 200)
    const buyWithCoins = async (shopper: Shopper, bought: { product: Product; variant: ProductVariant }, postId: string) => {
      const line = { productId: bought.product.id, size: bought.variant.size, quantity: 1, refPostId: postId }
      expect((await api().post("/api/cart").set(bearer(shopper)).send(line)).status).toBe(201)
      const placed = await api()
        .post("/api/checkout")
        .set(bearer(shopper))
        .send(payload("cod", { coins: true }))
      expect(placed.status).toBe(201)
      return placed.body.orderId as string
    }
    const [aOrder, bOrder] = [await buyWithCoins(a.author, second, b.postId), await buyWithCoins(b.author, first, a.postId)]
    await Promise.all([deliverThroughShiprocket(app, a.author, aOrder), deliverThroughShiprocket(app, b.author, bOrder)])
    expect((await ledger(a.author)).pendingCoins).toBeGreaterThan(0)

    await Promise.all([returnInMedusa(app.db, aOrder), returnInMedusa(app.db, bOrder)])
    await Promise.all([followMedusa(app, aOrder), followMedusa(app, bOrder)])
    for (const shopper of [a.author, b.author]) expect(await ledger(shopper)).toMatchObject({ balance: 200, pendingCoins: 0 })
  })
})

describe("a cancelled purchase", () => {
  it("6. takes its post out of the feed, and what others bought through the post earns nothing", async () => {
    const { product, variant } = freshProduct()
    const { author, postId, orderId } = await authorOf(product, variant)
    const buyer = await signedUpUser(app.app, "buyer")
    await buy(buyer, product, variant, "prepaid", postId)
    expect((await ledger(author)).pendingCoins).toBe(referralCoins(product.basePrice, 5))

    await endInMedusa(orderId, "cancel")
    expect((await api().get(`/api/fitfeed/posts/${postId}`)).status).toBe(404)
    expect(await ledger(author)).toMatchObject({ balance: 0, pendingCoins: 0 })
    expect((await earnsOf(author))[0]).toMatchObject({ state: "dropped" })
  })
})

describe("referral visits", () => {
  const visitsOf = async (postId: string) =>
    (await app.db.query<{ n: number }>("select count(*)::int as n from bff.referral_visits where post_id = $1", [postId])).rows[0]!.n

  it("5. records at most one visit per client, post and day, only for the post's own real product", async () => {
    const { product, variant } = freshProduct()
    const { postId } = await authorOf(product, variant)
    const other = freshProduct()

    const junk = `prod_${"X".repeat(8 * 1024)}`
    expect((await api().get(`/api/products/${junk}`).query({ refPost: postId })).status).toBe(400)
    expect((await api().get(`/api/products/prod_01AAAAAAAAAAAAAAAAAAAAAAAA`).query({ refPost: postId })).status).toBe(404)
    expect((await api().get(`/api/products/${other.product.id}`).query({ refPost: postId })).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await visitsOf(postId)).toBe(0)

    for (const agent of ["browser-1", "browser-2", "browser-3"]) {
      expect((await api().get(`/api/products/${product.id}`).set("User-Agent", agent).query({ refPost: postId })).status).toBe(200)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await visitsOf(postId)).toBe(1)
  })
})
