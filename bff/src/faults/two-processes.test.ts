import { randomBytes, randomUUID } from "node:crypto"
import { LISTING_PAGE_SIZES, type AdminProduct, type AdminProductForm, type ListedProduct } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { signedUpUser } from "../../test/accounts.js"
import { startBffProcess, type BffProcess } from "../../test/bff-process.js"
import { bearer, payload, type Shopper } from "../../test/checkout.js"
import { hoodieForm, medusaApi, staffSession, uploadedProductImage } from "../../test/staff.js"
import { DEMO } from "../../../commerce/src/scripts/seed/demo-accounts.js"
import { AUTH_MAIL_JOBS } from "../features/auth/mail-jobs.js"
import { createDb, transaction, type Db } from "../lib/db.js"
import { enqueueJob } from "../lib/jobs.js"
import { runAsLeader } from "../lib/schedules.js"

/**
 * Two replicas of the BFF as production runs them: two real OS processes (`node --import tsx ../emulators/src/main.ts`, the dev entry,
 * test/bff-process.ts) with their own pools, Redis clients, job and mail workers and schedules, on the run's
 * database, Medusa and Redis, sharing one REDIS_KEY_PREFIX as replicas share it.
 */
let a: BffProcess
let b: BffProcess
let db: Db
let staff: Awaited<ReturnType<typeof staffSession>>
let imageUrl: string
const run = randomBytes(4).toString("hex")
const archived: string[] = []

beforeAll(async () => {
  const shared = { REDIS_KEY_PREFIX: `test:two-processes:${run}:`, JOB_POLL_MS: "200" }
  ;[a, b] = await Promise.all([startBffProcess(shared), startBffProcess(shared)])
  db = createDb(inject("databaseUrl"))
  staff = await staffSession(a.listener)
  imageUrl = await uploadedProductImage(a.listener, staff.headers)
}, 120_000)

afterAll(async () => {
  for (const id of archived) if (staff) await request(a.listener).delete(`/api/admin/products/${id}`).set(staff.headers)
  await Promise.all([a?.stop(), b?.stop()])
  await Promise.all([db?.end(), staff?.remove()])
}, 60_000)

const M_SIZE = { size: "M", measurements: { chest: 40, frontLength: 27, shoulder: 18, sleeve: 25 } } as const

/** A LIVE product of this test's own, created through process A's console, so no other test file's stock or titles change. */
async function ownProduct(label: string, stock: number): Promise<AdminProduct> {
  const form = hoodieForm(imageUrl, { title: `Two BFFs ${label} ${run}`, sizes: [{ ...M_SIZE, stock }] })
  const created = await request(a.listener).post("/api/admin/products").set(staff.headers).send(form)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  archived.push(created.body.product.id)
  return created.body.product as AdminProduct
}

/** The product's title as one process answers it on its page and in the newest men's hoodies (a page size the cache keeps). */
async function titlesAt(bff: BffProcess, id: string): Promise<{ page: string; listing: string | undefined }> {
  const page = await request(bff.listener).get(`/api/products/${id}`)
  expect(page.status).toBe(200)
  const listing = await request(bff.listener)
    .get("/api/products")
    .query({ gender: "MEN", subcategory: "Hoodies", sort: "newest", limit: String(LISTING_PAGE_SIZES.shop) })
  expect(listing.status).toBe(200)
  return { page: page.body.product.title, listing: (listing.body.products as ListedProduct[]).find((p) => p.id === id)?.title }
}

describe("the catalogue cache", () => {
  it("serves the new data from both processes at once after a change made through either one", async () => {
    const product = await ownProduct("cache", 5)
    const original = { page: product.title, listing: product.title }
    expect(await titlesAt(a, product.id)).toEqual(original)
    expect(await titlesAt(b, product.id)).toEqual(original)

    // The read model changed behind both caches' backs: both still answer what they cached.
    const behindTheirBacks = (title: string) =>
      db.query(
        `update bff.catalog_documents set document = (document::jsonb || jsonb_build_object('title', $2::text))::json,
                listing = (listing::jsonb || jsonb_build_object('title', $2::text))::json where id = $1`,
        [product.id, title],
      )
    await behindTheirBacks("Not cached")
    expect(await titlesAt(a, product.id)).toEqual(original)
    expect(await titlesAt(b, product.id)).toEqual(original)

    // An edit through A's console: B's first answers after it are the new ones.
    const edited = `Two BFFs edited ${run}`
    const form: AdminProductForm = hoodieForm(imageUrl, { title: edited, sizes: [{ ...M_SIZE, stock: 5 }] })
    const update = await request(a.listener).put(`/api/admin/products/${product.id}`).set(staff.headers).send({ version: product.version, product: form })
    expect(update.status, JSON.stringify(update.body)).toBe(200)
    expect(await titlesAt(b, product.id)).toEqual({ page: edited, listing: edited })
    expect(await titlesAt(a, product.id)).toEqual({ page: edited, listing: edited })

    // A change in Medusa's dashboard, whose notice reaches B alone (as commerce sends it to one replica).
    await behindTheirBacks("Not cached")
    const { token } = await medusaApi<{ token: string }>("POST", "/auth/user/emailpass", { body: DEMO.admin })
    const renamed = `Two BFFs renamed ${run}`
    await medusaApi("POST", `/admin/products/${product.id}`, { token, body: { title: renamed } })
    expect(await titlesAt(a, product.id)).toEqual({ page: edited, listing: edited })
    const notice = await fetch(`${b.internalOrigin}/api/internal/catalog/changed`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-internal-secret": inject("internalSecret") },
      body: JSON.stringify({ productIds: [product.id] }),
    })
    expect(notice.status).toBe(204)
    expect(await titlesAt(a, product.id)).toEqual({ page: renamed, listing: renamed })
    expect(await titlesAt(b, product.id)).toEqual({ page: renamed, listing: renamed })
  }, 60_000)
})

describe("the job queue", () => {
  it("runs each of 200 jobs once, shared between both processes' workers", async ({ annotate }) => {
    const emails = Array.from({ length: 200 }, (_, i) => `two-processes-${run}-${i}@example.test`)
    // Unknown addresses: each job mails one "someone tried to sign up" note to the dev outbox.
    await transaction(db, async (tx) => {
      for (const email of emails) await enqueueJob(tx, AUTH_MAIL_JOBS.signup, randomUUID(), { email, siteUrl: a.origin })
    })
    const jobs = async () =>
      (
        await db.query<{ done: number; failed: number; once: number }>(
          `select count(*) filter (where done_at is not null)::int as done, count(*) filter (where failed_at is not null)::int as failed,
                  count(*) filter (where attempts = 1)::int as once
             from bff.jobs where kind = $1 and payload ->> 'email' = any($2)`,
          [AUTH_MAIL_JOBS.signup, emails],
        )
      ).rows[0]!
    const deadline = Date.now() + 30_000
    while ((await jobs()).done < emails.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await jobs()).toEqual({ done: 200, failed: 0, once: 200 })

    const { rows } = await db.query<{ to_email: string; n: number }>(
      "select to_email, count(*)::int as n from bff.dev_outbox where to_email = any($1) group by to_email",
      [emails],
    )
    expect(rows).toHaveLength(200)
    expect(rows.filter((row) => row.n !== 1)).toEqual([])
    const sentBy = (bff: BffProcess) => bff.log().filter((line) => line.msg === "mail kept in the dev outbox" && emails.includes(String(line.to))).length
    const [byA, byB] = [sentBy(a), sentBy(b)]
    await annotate(`process A ran ${byA} jobs, process B ${byB}`)
    expect(byA + byB).toBe(200)
    // Both workers took part: the once-each above was a race between them, not one worker doing it all.
    expect(byA).toBeGreaterThan(0)
    expect(byB).toBeGreaterThan(0)
  }, 60_000)
})

describe("schedules", () => {
  it("runs each round of a schedule once when both processes' pools fire it many times", async () => {
    // runAsLeader is called here on two pools of their own, as the two processes' timers call it on theirs:
    // PostgreSQL sees two replicas' sessions either way, and only this way can the test fire many rounds at will.
    const pools = [createDb(inject("databaseUrl")), createDb(inject("databaseUrl"))]
    const name = `two-processes ${run}`
    const ROUNDS = 20
    const ran: number[] = []
    try {
      for (let round = 0; round < ROUNDS; round++) {
        let runs = 0
        const work = async () => {
          runs += 1
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        const fire = (delayMs: number) =>
          pools.flatMap((pool) =>
            Array.from({ length: 3 }, async () => {
              await new Promise((resolve) => setTimeout(resolve, delayMs))
              return runAsLeader(pool, name, 60_000, work)
            }),
          )
        // Three timers of each process fire together (the lock decides), three more once the round is over (its record decides).
        const rounds = await Promise.all([...fire(0), ...fire(400)])
        ran.push(runs)
        expect(rounds.filter((r) => r.ran)).toHaveLength(1)
        // The period passes.
        await db.query("update bff.schedule_rounds set started_at = started_at - interval '1 hour' where name = $1", [name])
      }
    } finally {
      await db.query("delete from bff.schedule_rounds where name = $1", [name])
      await Promise.all(pools.map((pool) => pool.end()))
    }
    expect(ran).toEqual(Array(ROUNDS).fill(1))
  }, 60_000)
})

describe("checkouts through different processes", () => {
  const checkoutAt = (bff: BffProcess, shopper: Shopper, body: object) => request(bff.listener).post("/api/checkout").set(bearer(shopper)).send(body)
  const addToBag = async (bff: BffProcess, shopper: Shopper, productId: string) =>
    expect((await request(bff.listener).post("/api/cart").set(bearer(shopper)).send({ productId, size: "M" })).status).toBe(201)

  it("spends a shopper's Dark Coins once when the same bag is checked out on both at once", async ({ annotate }) => {
    const product = await ownProduct("coins", 20)
    const shoppers = await Promise.all([1, 2, 3].map(() => signedUpUser(a.listener, "twocoins")))
    for (const shopper of shoppers) {
      await addToBag(a, shopper, product.id)
      await db.query("insert into bff.dark_coin_entries (user_id, coins, kind, note) values ($1, 100, 'earn', 'test')", [shopper.user.id])
      const answers = await Promise.all([checkoutAt(a, shopper, payload("cod", { coins: true })), checkoutAt(b, shopper, payload("cod", { coins: true }))])
      const statuses = answers.map((answer) => answer.status)
      await annotate(`A answered ${statuses[0]}, B ${statuses[1]}: ${answers.map((answer) => answer.body.error ?? "placed").join(" / ")}`)
      expect(
        statuses.filter((status) => status === 201),
        JSON.stringify(answers.map((x) => x.body)),
      ).toHaveLength(1)
      expect(statuses.filter((status) => status >= 500)).toEqual([])

      const { rows } = await db.query<{ ledger: number; spent: number }>(
        `select coalesce(sum(coins), 0)::int as ledger, coalesce(sum(coins) filter (where kind = 'spend'), 0)::int as spent
           from bff.dark_coin_entries where user_id = $1`,
        [shopper.user.id],
      )
      expect(rows[0]).toEqual({ ledger: 0, spent: -100 })
      for (const bff of [a, b]) expect((await request(bff.listener).get("/api/wallet/mine").set(bearer(shopper))).body.darkCoins).toBe(0)
      const orders = (await request(b.listener).get("/api/orders/mine").set(bearer(shopper))).body.orders as { darkCoinsDiscount: number }[]
      expect(orders.filter((order) => order.darkCoinsDiscount > 0)).toHaveLength(1)
    }
  }, 120_000)

  it("spends the coins once when a paid online checkout on one process and a cash-on-delivery one on the other are placed at once", async ({ annotate }) => {
    // The cash-on-delivery in-flight guard doesn't stop this pair: only the wallet's lock stands between them.
    const product = await ownProduct("coins online", 20)
    const shopper = await signedUpUser(a.listener, "twocoins")
    await addToBag(a, shopper, product.id)
    await db.query("insert into bff.dark_coin_entries (user_id, coins, kind, note) values ($1, 100, 'earn', 'test')", [shopper.user.id])
    const created = await request(a.listener)
      .post("/api/payments/create-order")
      .set(bearer(shopper))
      .send(payload("prepaid", { coins: true }))
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const razorpayOrderId = created.body.orderId as string
    const [verified, cod] = await Promise.all([
      (async () => {
        const paid = await fetch(`${a.origin}/emulator/razorpay/test/orders/${razorpayOrderId}/pay`, { method: "POST" })
        expect(paid.status).toBe(200)
        return request(a.listener)
          .post("/api/payments/verify")
          .set(bearer(shopper))
          .send(await paid.json())
      })(),
      checkoutAt(b, shopper, payload("cod", { coins: true })),
    ])
    await annotate(
      `verify on A answered ${verified.status}, cash on delivery on B ${cod.status}: ${[verified, cod].map((x) => x.body.error ?? "placed").join(" / ")}`,
    )
    expect([verified.status, cod.status].filter((status) => status >= 500)).toEqual([])
    // The online payment ends placed, or refunded when the other spent the coins first (the workers run the refund).
    const deadline = Date.now() + 30_000
    const online = async () =>
      (await db.query<{ status: string }>("select status from bff.checkouts where razorpay_order_id = $1", [razorpayOrderId])).rows[0]!.status
    while (!["placed", "refunded"].includes(await online()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250))
    expect(["placed", "refunded"]).toContain(await online())

    const { rows } = await db.query<{ ledger: number; spent: number }>(
      `select coalesce(sum(coins), 0)::int as ledger, coalesce(sum(coins) filter (where kind = 'spend'), 0)::int as spent
         from bff.dark_coin_entries where user_id = $1 and dropped_at is null`,
      [shopper.user.id],
    )
    expect(rows[0]).toEqual({ ledger: 0, spent: -100 })
    for (const bff of [a, b]) expect((await request(bff.listener).get("/api/wallet/mine").set(bearer(shopper))).body.darkCoins).toBe(0)
    const orders = (await request(a.listener).get("/api/orders/mine").set(bearer(shopper))).body.orders as { darkCoinsDiscount: number }[]
    expect(orders.filter((order) => order.darkCoinsDiscount > 0)).toHaveLength(1)
  }, 120_000)

  it("sells the last unit of a size to exactly one of two shoppers checking out on different processes", async ({ annotate }) => {
    for (let race = 0; race < 3; race++) {
      const product = await ownProduct(`last unit ${race}`, 1)
      const shoppers = await Promise.all([signedUpUser(a.listener, "lastunit"), signedUpUser(b.listener, "lastunit")])
      await addToBag(a, shoppers[0], product.id)
      await addToBag(b, shoppers[1], product.id)
      const answers = await Promise.all([checkoutAt(a, shoppers[0], payload("cod")), checkoutAt(b, shoppers[1], payload("cod"))])
      await annotate(`A answered ${answers[0].status}, B ${answers[1].status}`)
      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((x) => x.body))).toEqual([201, 409])
      expect(answers.find((answer) => answer.status === 409)!.body.error).toBe(`${product.title} (size M) is out of stock.`)
      // The winner's order was accepted at once; a process's placement queue places it in Medusa in turn.
      const left = async () => {
        const { rows } = await db.query<{ left: number }>(
          `select coalesce(sum(l.stocked_quantity - l.reserved_quantity), 0)::int as left from product_variant_inventory_item link
             join inventory_level l on l.inventory_item_id = link.inventory_item_id and l.deleted_at is null
            where link.variant_id = $1 and link.deleted_at is null`,
          [product.variants[0]!.id],
        )
        return rows[0]!.left
      }
      await expect.poll(left, { timeout: 20_000, interval: 200 }).toBe(0)
    }
  }, 120_000)
})
