import { randomBytes } from "node:crypto"
import pg from "pg"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import type { Bag, Product, ProductVariant } from "@fitshop/contracts"
import { signedUpUser } from "../../test/accounts.js"
import { capturedLog, LEVEL } from "../../test/capture-log.js"
import { bearer, giveCoins, payload, startCheckoutApp, type CheckoutApp, type Shopper } from "../../test/checkout.js"
import { ownCatalogue } from "../../test/staff.js"
import { targetOf, tcpHop, throughHop, type TcpHop } from "../../test/tcp-hop.js"
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE } from "../http/error-handler.js"
import { CONNECT_TIMEOUT_MS, createDb, isDatabaseUnavailable } from "../lib/db.js"
import { enqueueJob, jobQueue } from "../lib/jobs.js"
import { runAsLeader } from "../lib/schedules.js"
import { runSchedule } from "../../test/schedules.js"

const SHOPPERS = 20
const OUTAGE_MS = 4_000
const COINS_GIVEN = 300
/** Each round a shopper adds one line, sets it to this many, and checks out. */
const UNITS_PER_LINE = 2
const ROUNDS = 2
/** How long a shopper waits after a 503 before trying the same step again. */
const RETRY_PAUSE_MS = 250
/** prepare.ts's answer while the shopper's cash-on-delivery checkout holds its units. */
const CART_EMPTY = "Your cart is empty."
const ALREADY_PLACING = "Your order is already being placed. Please check Account › Orders before ordering again."

let hop: TcpHop
let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
/** The tests' own connection, straight to PostgreSQL: what they read never depends on the hop. */
const direct = new pg.Pool({ connectionString: inject("databaseUrl"), max: 4 })

beforeAll(async () => {
  hop = await tcpHop(targetOf(inject("databaseUrl"), 5432))
  app = await startCheckoutApp({ DATABASE_URL: throughHop(inject("databaseUrl"), hop) })
  catalogue = await ownCatalogue(app.app, "Restart tee")
}, 120_000)

afterAll(async () => {
  await catalogue.remove()
  await app.close()
  await hop.close()
  await direct.end()
})

type Answer = { step: string; status: number; body: { error?: string; message?: string; code?: string }; retryAfter?: string; ms: number; at: number }

/** Units of the variant Medusa can still sell: stocked less reserved (an order reserves its units). */
async function unitsLeft(variantId: string): Promise<number> {
  const { rows } = await direct.query<{ left: number }>(
    `select coalesce(sum(l.stocked_quantity - l.reserved_quantity), 0)::int as left from product_variant_inventory_item link
       join inventory_level l on l.inventory_item_id = link.inventory_item_id and l.deleted_at is null
      where link.variant_id = $1 and link.deleted_at is null`,
    [variantId],
  )
  return rows[0]!.left
}

/** Each shopper's line of each round: sizes with stock to spare, no size given more orders than it has units for. */
function linesFor(products: Product[]): { product: Product; variant: ProductVariant }[][] {
  const sizes = products.flatMap((product) => product.variants.filter((v) => v.stockOnHand >= 10).map((variant) => ({ product, variant, uses: 0 })))
  let next = 0
  const take = () => {
    for (let tried = 0; tried < sizes.length; tried++, next = (next + 1) % sizes.length) {
      const size = sizes[next]!
      // One unit of each size stays unsold, so a sale that took units twice would show as a shortfall.
      if ((size.uses + 1) * UNITS_PER_LINE < size.variant.stockOnHand) {
        size.uses++
        next = (next + 1) % sizes.length
        return { product: size.product, variant: size.variant }
      }
    }
    throw new Error("not enough stock in the seed")
  }
  return Array.from({ length: SHOPPERS }, () => Array.from({ length: ROUNDS }, take))
}

describe("PostgreSQL restarting under 20 shoppers", () => {
  it("answers 503 with a clear message while the database is away, recovers by itself, and leaves bags, orders, ledger and stock consistent", async ({
    annotate,
  }) => {
    // Two products of this file's own, 25 units in each of their two sizes: 48 lines of two, for the 40 needed.
    const lines = linesFor([await catalogue.publish(25), await catalogue.publish(25)])
    const variants = [...new Map(lines.flat().map(({ variant }) => [variant.id, variant])).values()]
    const leftBefore = new Map(await Promise.all(variants.map(async (v) => [v.id, await unitsLeft(v.id)] as const)))
    const shoppers: Shopper[] = []
    for (let i = 0; i < SHOPPERS; i += 10) shoppers.push(...(await Promise.all(Array.from({ length: 10 }, () => signedUpUser(app.app, "restart")))))
    for (const shopper of shoppers) await giveCoins(app, shopper, COINS_GIVEN)

    const answers: Answer[] = []
    let checkoutsPlaced = 0
    let cutAt = Infinity
    let restoredAt = Infinity
    let restore!: () => void
    const restored = new Promise<void>((resolve) => (restore = resolve))
    /** The checkouts the cut interrupted, found when they held up their shopper's next checkout after the restore. */
    const cutCheckouts: { shopper: number; checkoutRow: boolean; medusaOrder: boolean }[] = []
    /**
     * A checkout the cut interrupted keeps its units held (releasing them, or recording the order Medusa placed,
     * needed the database), so the shopper's next checkout hears ALREADY_PLACING. The checkout recovery schedule
     * (every minute) finishes or undoes such checkouts once they are 5 minutes old: here they are made that old,
     * and one round of it is run with the jobs it queues. Answers whether the round's order was placed after all
     * (Medusa had placed it; now the BFF has recorded it).
     */
    async function recoverCutCheckouts(index: number): Promise<boolean> {
      await restored
      const userId = shoppers[index]!.user.id as string
      const { rows } = await direct.query<{ checkout_id: string; checkout_row: boolean; medusa_order: boolean }>(
        `select h.checkout_id, c.id is not null as checkout_row,
                exists (select 1 from order_cart oc join cart ca on ca.id = oc.cart_id
                         where ca.metadata ->> 'checkout_id' = h.checkout_id::text) as medusa_order
           from (select distinct checkout_id from bff.stock_holds
                  where user_id = $1 and released_at is null and placed_at is null and expires_at > now()) h
           left join bff.checkouts c on c.id = h.checkout_id`,
        [userId],
      )
      const ids = rows.map((row) => row.checkout_id)
      await direct.query("update bff.checkouts set created_at = created_at - interval '6 minutes' where id = any($1)", [ids])
      await direct.query("update bff.stock_holds set held_at = held_at - interval '6 minutes' where checkout_id = any($1)", [ids])
      await runSchedule(app.app, "checkout recovery")
      await expect
        .poll(
          async () => {
            await app.runJobs()
            const unsettled = await direct.query("select id from bff.checkouts where id = any($1) and status = 'awaiting_payment'", [ids])
            const held = await direct.query("select 1 from bff.stock_holds where checkout_id = any($1) and released_at is null and placed_at is null", [ids])
            return (unsettled.rowCount ?? 0) + (held.rowCount ?? 0)
          },
          { timeout: 30_000, interval: 200 },
        )
        .toBe(0)
      const { rows: placed } = await direct.query("select id from bff.checkouts where id = any($1) and status = 'placed'", [ids])
      cutCheckouts.push(...rows.map((row) => ({ shopper: index, checkoutRow: row.checkout_row, medusaOrder: row.medusa_order })))
      return placed.length > 0
    }
    /**
     * Sends a step until it succeeds: a 503 (and only a 503) means the shop is away, so wait a moment and try again. A
     * checkout whose 503 came after its acceptance committed (the answer lost with the connection) left the bag
     * without its lines, so the retry hears the bag is empty: done, its order checked with the rest below.
     */
    async function untilDone(step: string, send: () => request.Test, ok: number, onHeld?: () => Promise<boolean>): Promise<request.Response | undefined> {
      for (let tries = 0; ; tries++) {
        const started = Date.now()
        const response = await send()
        answers.push({
          step,
          status: response.status,
          body: response.body,
          retryAfter: response.headers["retry-after"],
          ms: Date.now() - started,
          at: started,
        })
        if (response.status === ok) return response
        if (step === "checkout" && tries > 0 && response.status === 400 && response.body.error === CART_EMPTY) return undefined
        if (onHeld && response.status === 409 && response.body.error === ALREADY_PLACING) {
          if (await onHeld()) return undefined
          continue
        }
        if (response.status !== 503) throw new Error(`${step} answered ${response.status}: ${JSON.stringify(response.body)}`)
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS))
      }
    }
    async function shop(shopper: Shopper, index: number) {
      for (const { product, variant } of lines[index]!) {
        const added = await untilDone(
          "add",
          () => request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size }),
          201,
        )
        const line = (added!.body as Bag).items.find((item) => item.productId === product.id && item.size === variant.size)!
        // Setting the quantity makes the line's end state certain, even if an add whose answer was lost went through.
        await untilDone("set quantity", () => request(app.app).put(`/api/cart/${line.id}`).set(bearer(shopper)).send({ quantity: UNITS_PER_LINE }), 200)
        await untilDone(
          "checkout",
          () =>
            request(app.app)
              .post("/api/checkout")
              .set(bearer(shopper))
              .send(payload("cod", { coins: true })),
          201,
          () => recoverCutCheckouts(index),
        )
        checkoutsPlaced++
      }
    }

    const shopping = Promise.allSettled(shoppers.map(shop))
    // The cut lands while the first round is under way: some checkouts placed, the rest in flight or still to come.
    await expect.poll(() => checkoutsPlaced, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(4)
    const placedBeforeCut = checkoutsPlaced
    cutAt = Date.now()
    await hop.cut()
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS))
    restoredAt = Date.now()
    await hop.restore()
    restore()
    const outcomes = await shopping
    const doneAt = Date.now()

    const failures = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [String(outcome.reason)] : []))
    expect(failures).toEqual([])
    const refused = answers.filter((answer) => answer.status === 503)
    const held = answers.filter((answer) => answer.status === 409)
    const sentDuringOutage = answers.filter((a) => a.at >= cutAt && a.at < restoredAt)
    const inFlightAtCut = refused.filter((a) => a.at < cutAt)
    const firstSuccessAfter = Math.min(...answers.filter((a) => a.at >= restoredAt && a.status < 300).map((a) => a.at + a.ms))
    await annotate(
      `${answers.length} answers to ${SHOPPERS} shoppers, ${refused.length} of them 503 (${refused.filter((a) => a.step === "checkout").length} checkouts); ` +
        `outage ${restoredAt - cutAt} ms after ${placedBeforeCut} checkouts were placed; ${sentDuringOutage.length} requests sent during it, the slowest refused in ` +
        `${Math.max(...sentDuringOutage.map((a) => a.ms))} ms; ${inFlightAtCut.length} in flight at the cut, the last refused ` +
        `${Math.max(...inFlightAtCut.map((a) => a.at + a.ms - cutAt))} ms after it; first success ${firstSuccessAfter - restoredAt} ms after the restore, ` +
        `every shopper done ${doneAt - restoredAt} ms after it; checkouts the cut interrupted: ${cutCheckouts.length} ` +
        `(${cutCheckouts.filter((cut) => cut.medusaOrder).length} placed in Medusa, not recorded; ${cutCheckouts.filter((cut) => !cut.checkoutRow).length} without their row); ` +
        `${answers.filter((a) => a.status === 400).length} retried checkouts found their order accepted (its answer lost)`,
    )
    expect(refused.length).toBeGreaterThan(SHOPPERS)
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ code: "service_unavailable", message: DATABASE_UNAVAILABLE, error: DATABASE_UNAVAILABLE })
      expect(answer.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS))
    }
    // A request sent while the database is away is refused at once; one already under way when it went, once its
    // Medusa call (if it was in one) returns.
    expect(Math.max(...sentDuringOutage.map((a) => a.ms))).toBeLessThan(CONNECT_TIMEOUT_MS)
    // Only the outage's answers (and those in flight when it began) were refused.
    expect(refused.filter((a) => a.at + a.ms < cutAt || a.at >= restoredAt + 1_000)).toEqual([])
    // A shopper's checkout was held up only after the restore, by the one the cut had interrupted.
    expect(held.filter((a) => a.at + a.ms < restoredAt)).toEqual([])

    // Every accepted order is placed in Medusa by its job (one that ran into the outage runs again).
    const userIds = shoppers.map((shopper) => shopper.user.id as string)
    await expect
      .poll(
        async () => {
          await app.runJobs()
          const { rows } = await direct.query("select count(*)::int as n from bff.orders where user_id = any($1) and medusa_order_id is null", [userIds])
          return rows[0].n as number
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(0)
    for (const [index, shopper] of shoppers.entries()) {
      const userId = shopper.user.id as string
      const { rows: orders } = await direct.query<{
        id: string
        medusa_order_id: string
        checkout_status: string | null
        order_id: string | null
        lines: { variantId: string; quantity: number }[]
      }>(
        `select o.id, o.medusa_order_id, c.status as checkout_status, c.order_id, c.lines from bff.orders o
           left join bff.checkouts c on c.id = o.checkout_id where o.user_id = $1 order by o.created_at`,
        [userId],
      )
      // Every order has its checkout, placed as that order; each round's line was bought once, whole.
      expect(orders.map((order) => [order.checkout_status, order.order_id])).toEqual(orders.map((order) => ["placed", order.id]))
      expect(orders.map((order) => order.lines.map((line) => [line.variantId, line.quantity]))).toEqual(
        lines[index]!.map(({ variant }) => [[variant.id, UNITS_PER_LINE]]),
      )
      // Medusa placed each order once, and no order the BFF doesn't know.
      const { rows: medusaOrders } = await direct.query<{ id: string }>(
        `select o.id from "order" o join bff.users u on u.medusa_customer_id = o.customer_id where u.id = $1 and o.deleted_at is null order by o.created_at`,
        [userId],
      )
      expect(medusaOrders.map((order) => order.id).sort()).toEqual(orders.map((order) => order.medusa_order_id).sort())
      // Coins spent once per placed checkout, never by one that became no order; the wallet shows the ledger's sum.
      const { rows: ledger } = await direct.query<{
        checkout_id: string | null
        coins: number
        kind: string
        checkout_status: string | null
        checkout_coins: number | null
      }>(
        `select e.checkout_id, e.coins, e.kind, c.status as checkout_status, c.coins as checkout_coins from bff.dark_coin_entries e
           left join bff.checkouts c on c.id = e.checkout_id where e.user_id = $1`,
        [userId],
      )
      const spends = ledger.filter((entry) => entry.kind === "spend")
      const { rows: placedWithCoins } = await direct.query<{ id: string }>(
        "select id from bff.checkouts where user_id = $1 and status = 'placed' and coins > 0",
        [userId],
      )
      expect(spends.map((entry) => entry.checkout_id).sort()).toEqual(placedWithCoins.map((checkout) => checkout.id).sort())
      for (const spend of spends) expect(spend.coins).toBe(-spend.checkout_coins!)
      const wallet = await request(app.app).get("/api/wallet/mine").set(bearer(shopper))
      expect(wallet.body.darkCoins).toBe(ledger.reduce((sum, entry) => sum + entry.coins, 0))
      expect(wallet.body.darkCoins).toBe(COINS_GIVEN + spends.reduce((sum, entry) => sum + entry.coins, 0))
      // Everything added was bought; nothing stays held for a checkout that went nowhere.
      expect((await request(app.app).get("/api/cart").set(bearer(shopper))).body.items).toEqual([])
      const { rows: holds } = await direct.query(
        "select checkout_id from bff.stock_holds where user_id = $1 and released_at is null and placed_at is null and expires_at > now()",
        [userId],
      )
      expect(holds).toEqual([])
    }

    // Medusa took each size's units once per order: what it can still sell fell by exactly what was ordered.
    const ordered = new Map<string, number>()
    for (const { variant } of lines.flat()) ordered.set(variant.id, (ordered.get(variant.id) ?? 0) + UNITS_PER_LINE)
    for (const variant of variants) expect(leftBefore.get(variant.id)! - (await unitsLeft(variant.id)), variant.id).toBe(ordered.get(variant.id))
  }, 240_000)
})

describe("background work across a PostgreSQL restart", () => {
  it("keeps the job queue running, logs the outage once, and runs a job leased when the connection dropped as soon as the database returns", async ({
    annotate,
  }) => {
    const db = createDb(throughHop(inject("databaseUrl"), hop))
    const kind = `test.restart.${randomBytes(4).toString("hex")}`
    const log = capturedLog("info")
    let runs = 0
    let connectionCut!: () => void
    const cut = new Promise<void>((resolve) => (connectionCut = resolve))
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    const queue = jobQueue({
      db,
      logger: log.logger,
      pollMs: 50,
      handlers: {
        [kind]: {
          maxAttempts: 5,
          async run(job) {
            runs++
            if (runs === 1) {
              started()
              await cut
            }
            await db.query("select $1::text", [job.key])
          },
        },
      },
    })
    try {
      await enqueueJob(direct, kind, "leased")
      queue.start()
      await running
      await hop.cut()
      connectionCut()
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      // A schedule's round fails while the database is away, as each of the queue's passes does.
      const roundDuringOutage = await runAsLeader(db, kind, 60_000, async () => undefined).catch((error: unknown) => error)
      expect(isDatabaseUnavailable(roundDuringOutage)).toBe(true)
      const restoredAt = Date.now()
      await hop.restore()

      // Handed back at once, not after its five-minute lease: done within seconds, its interrupted attempt counted.
      await expect
        .poll(async () => (await direct.query("select done_at is not null as done, attempts from bff.jobs where kind = $1", [kind])).rows[0], {
          timeout: 10_000,
        })
        .toEqual({ done: true, attempts: 2 })
      await annotate(`the leased job done ${Date.now() - restoredAt} ms after the restore`)
      expect(runs).toBe(2)
      expect(log.at(LEVEL.warn).map((line) => line.msg)).toEqual(["job worker lost the database; it tries again each poll"])
      expect(log.at(LEVEL.info).map((line) => line.msg)).toEqual(["job worker reaches the database again"])
      expect(log.at(LEVEL.error)).toEqual([])
      expect(await runAsLeader(db, kind, 60_000, async () => "ran")).toEqual({ ran: true, value: "ran" })
    } finally {
      await queue.stop()
      await db.end()
    }
  }, 60_000)
})
