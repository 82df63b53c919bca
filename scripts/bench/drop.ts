import { randomBytes } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"
import pg from "pg"
import { percentile, postgresVersion, storefrontPublishableKey } from "./catalog.js"
import type { Client } from "./drop-http.js"
import { answeredAt, startingLine, type Journey } from "./drop-journey.js"
import { guestClient, guestDrop, inrRegionId, type StoreApi } from "./drop-medusa.js"
import { createDropProduct, waitForDropInCatalogue } from "./drop-product.js"
import { shopperClient, shopperDrop, signUpShoppers } from "./drop-shoppers.js"
import { observe, type Observation, type Observer, type Watched } from "./observe.js"
import { waitForQuietCpu } from "./quiet.js"

/** The issue's drop: 200 signed-in shoppers race for 20 units of one size, half paying online, half on delivery. */
export const SHOPPERS = 200
export const UNITS = 20
const DROP_SIZE = "M"
export const ADD_P99_TARGET_MS = 100
export const SOLD_OUT_P99_TARGET_MS = 300
export const CHECKOUT_P99_TARGET_MS = 5000
/** Orders per second placed through the BFF against Medusa's own Store API checkout, same concurrency, same stock. */
export const ORDER_RATE_TARGET = 3
export const SLOW_MS = 30_000

/** A running shop to drop on: its BFF, its Medusa, the database both use, and their processes (for CPU by process). */
export type DropTarget = Watched & {
  label: string
  origin: string
  medusaOrigin: string
  /** The token the shop's Shiprocket webhook takes (`x-api-key`), when the bench set it: the bench then sends the courier's scans itself. */
  shiprocketWebhookToken?: string
}

export type Percentiles = { p50: number; p99: number }
export type StepFigures = Percentiles & { step: string; answers: number; statuses: { status: string; count: number; example: string }[] }
/**
 * Medusa's own records after a drop: orders holding the variant (and their units), its stock level, and
 * bff.orders' count; units sold beyond the stock, and units left unsold (every shopper wanted one).
 */
export type Ledger = { medusaOrders: number; medusaUnits: number; bffOrders?: number; stocked: number; reserved: number; oversold: number; unsold: number }

/** What the machine did while a figure was being made: from and to in seconds after the drop opened. */
export type Stretch = Observation & { from: number; to: number }

/** One side of a drop (the BFF's checkout, or Medusa's Store API flow): what the shoppers were answered, and Medusa's records after. */
export type DropSide = {
  label: string
  shoppers: number
  units: number
  /** Orders confirmed to shoppers. */
  placed: number
  bag: Percentiles & { step: string }
  /**
   * The machine's floor for the bag's figure: the same connections, all at once just before the drop,
   * asking a path that does nothing (the BFF: an unknown API path's 404 through Express; Medusa: /health).
   */
  floor: Percentiles & { path: string }
  soldOut: Percentiles & { answers: number }
  /** A winner's checkout: from its first checkout request to the order confirmed. */
  checkout: Percentiles
  /** From the drop's first checkout request to the last order confirmed. */
  windowSeconds: number
  ordersPerSecond: number
  serverErrors: number
  noAnswer: number
  slow: number
  seconds: number
  steps: StepFigures[]
  ledger: Ledger
  /** What the machine did while each figure was made: the adds to the bag, the sold-out answers, the winners' checkouts (when there were any). */
  stretches: { bag: Stretch; soldOut?: Stretch; checkout?: Stretch }
}

export type DropBench = { label: string; postgres: string; setupSeconds: number; bff: DropSide; medusa: DropSide }

const log = (line: string) => process.stdout.write(`bench: ${line}\n`)

const percentiles = (values: number[]): Percentiles => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? { p50: percentile(sorted, 50), p99: percentile(sorted, 99) } : { p50: NaN, p99: NaN }
}

function stepFigures(journeys: Journey[]): StepFigures[] {
  const byStep = new Map<string, Journey["requests"]>()
  for (const request of journeys.flatMap((journey) => journey.requests)) byStep.set(request.step, [...(byStep.get(request.step) ?? []), request])
  return [...byStep].map(([step, requests]) => {
    const statuses = new Map<string, { count: number; example: string }>()
    for (const request of requests) {
      const status = request.status === 0 ? "no answer" : String(request.status)
      const seen = statuses.get(status) ?? { count: 0, example: request.message }
      statuses.set(status, { ...seen, count: seen.count + 1 })
    }
    return {
      step,
      answers: requests.length,
      statuses: [...statuses].map(([status, { count, example }]) => ({ status, count, example })).sort((a, b) => b.count - a.count),
      ...percentiles(requests.map((request) => request.ms)),
    }
  })
}

type Race = { journeys: Journey[]; openedAt: number; seconds: number; observer: Observer; floor: Percentiles & { path: string } }

/** The figures of one side's drop, from every shopper's journey and Medusa's records after it. */
function sideFigures(label: string, bagStep: string, { journeys, openedAt, seconds, observer, floor }: Race, ledger: Ledger): DropSide {
  const requests = journeys.flatMap((journey) => journey.requests)
  const winners = journeys.filter(
    (journey): journey is Journey & { orderedAt: number; checkoutStartedAt: number } =>
      journey.orderedAt !== undefined && journey.checkoutStartedAt !== undefined,
  )
  const firstCheckout = Math.min(...journeys.flatMap((journey) => (journey.checkoutStartedAt === undefined ? [] : [journey.checkoutStartedAt])))
  const lastOrder = Math.max(...winners.map((winner) => winner.orderedAt))
  const windowSeconds = winners.length ? (lastOrder - firstCheckout) / 1000 : NaN
  const bagRequests = requests.filter((request) => request.step === bagStep)
  const soldOut = requests.filter((request) => request.soldOut)
  const stretch = (from: number, to: number): Stretch => ({ ...observer.over(from, to), from: (from - openedAt) / 1000, to: (to - openedAt) / 1000 })
  return {
    label,
    shoppers: journeys.length,
    units: UNITS,
    placed: winners.length,
    bag: { step: bagStep, ...percentiles(bagRequests.map((request) => request.ms)) },
    floor,
    soldOut: { answers: soldOut.length, ...percentiles(soldOut.map((request) => request.ms)) },
    checkout: percentiles(winners.map((winner) => winner.orderedAt - winner.checkoutStartedAt)),
    windowSeconds,
    ordersPerSecond: winners.length / windowSeconds || 0,
    serverErrors: requests.filter((request) => request.status >= 500).length,
    noAnswer: requests.filter((request) => request.status === 0).length,
    slow: requests.filter((request) => request.ms > SLOW_MS).length,
    seconds,
    steps: stepFigures(journeys),
    ledger,
    stretches: {
      bag: stretch(openedAt, Math.max(...bagRequests.map(answeredAt))),
      soldOut: soldOut.length ? stretch(Math.min(...soldOut.map((request) => request.startedAt)), Math.max(...soldOut.map(answeredAt))) : undefined,
      checkout: winners.length ? stretch(firstCheckout, lastOrder) : undefined,
    },
  }
}

async function readLedger(databaseUrl: string, variantId: string, withBff: boolean): Promise<Ledger> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const orders = await client.query<{ orders: number; units: number }>(
      `select count(distinct o.id)::int as orders, coalesce(sum(oi.quantity), 0)::int as units
         from public."order" o
         join public.order_item oi on oi.order_id = o.id and oi.version = o.version and oi.deleted_at is null
         join public.order_line_item li on li.id = oi.item_id
        where li.variant_id = $1 and o.deleted_at is null and o.canceled_at is null`,
      [variantId],
    )
    const stock = await client.query<{ stocked: number; reserved: number }>(
      `select coalesce(sum(l.stocked_quantity), 0)::int as stocked, coalesce(sum(l.reserved_quantity), 0)::int as reserved
         from public.product_variant_inventory_item link
         join public.inventory_level l on l.inventory_item_id = link.inventory_item_id and l.deleted_at is null
        where link.variant_id = $1 and link.deleted_at is null`,
      [variantId],
    )
    const bff = withBff
      ? await client.query<{ orders: number }>(
          `select count(*)::int as orders from bff.orders o
            where o.status <> 'CANCELLED' and exists (select 1 from jsonb_array_elements(o.items) line where line->>'variantId' = $1)`,
          [variantId],
        )
      : undefined
    const { orders: medusaOrders, units: medusaUnits } = orders.rows[0]!
    const { stocked, reserved } = stock.rows[0]!
    return {
      medusaOrders,
      medusaUnits,
      bffOrders: bff?.rows[0]!.orders,
      stocked,
      reserved,
      oversold: Math.max(0, medusaUnits - UNITS, reserved - stocked),
      unsold: Math.max(0, UNITS - medusaUnits),
    }
  } finally {
    await client.end()
  }
}

/** Medusa's records once they stop changing (a settle job may still place a paid order after the shoppers stopped). */
async function settledLedger(databaseUrl: string, variantId: string, withBff: boolean): Promise<Ledger> {
  let last = await readLedger(databaseUrl, variantId, withBff)
  for (let i = 0; i < 15; i++) {
    await sleep(2000)
    const now = await readLedger(databaseUrl, variantId, withBff)
    if (JSON.stringify(now) === JSON.stringify(last)) return now
    last = now
  }
  return last
}

/** Every client asks `path` at once (after a pause for the machine to settle): what answering them all costs when the answer is nothing. */
async function floorOf(clients: Client[], path: string): Promise<Percentiles & { path: string }> {
  await sleep(500)
  const answers = await Promise.all(clients.map((client) => client.send("GET", path)))
  return { path, ...percentiles(answers.map((answer) => answer.ms)) }
}

/**
 * Sends every shopper at once: each client first opens its connection (a shopper on the product page
 * when the drop opens) and measures the floor on it, then all journeys start together; CPU (every 100 ms)
 * and PostgreSQL's waits are sampled meanwhile.
 */
async function race(
  target: DropTarget,
  clients: Client[],
  { openPath, floorPath }: { openPath: string; floorPath: string },
  journey: (client: Client, index: number, go: Promise<void>) => Promise<Journey>,
): Promise<Race> {
  await Promise.all(clients.map((client) => client.send("GET", openPath)))
  const floor = await floorOf(clients, floorPath)
  await waitForQuietCpu()
  const observer = observe(target, { everyMs: 100 })
  try {
    const { go, release } = startingLine()
    const running = clients.map((client, index) => journey(client, index, go))
    const openedAt = performance.now()
    release()
    const journeys = await Promise.all(running)
    return { journeys, openedAt, seconds: (performance.now() - openedAt) / 1000, observer, floor }
  } finally {
    await observer.stop()
    for (const client of clients) client.close()
  }
}

function printed(side: DropSide): DropSide {
  const ms = (value: number) => (Number.isNaN(value) ? "—" : `${Math.round(value)} ms`)
  log(
    `${side.label}: ${side.placed} orders confirmed (Medusa holds ${side.ledger.medusaOrders}${side.ledger.bffOrders === undefined ? "" : `, bff.orders ${side.ledger.bffOrders}`}, ` +
      `oversold ${side.ledger.oversold}), ${side.ordersPerSecond.toFixed(2)} orders/s over ${side.windowSeconds.toFixed(1)} s; ${side.bag.step} p50 ${ms(side.bag.p50)} p99 ${ms(side.bag.p99)} ` +
      `(floor p50 ${ms(side.floor.p50)} p99 ${ms(side.floor.p99)}); ` +
      `sold out ×${side.soldOut.answers} p99 ${ms(side.soldOut.p99)}; checkout p99 ${ms(side.checkout.p99)}; 5xx ${side.serverErrors}, no answer ${side.noAnswer}, over 30 s ${side.slow}`,
  )
  return side
}

/**
 * The drop on a running shop: a fresh product with 20 units of one size, 200 shoppers signed up as people
 * do (not measured), then all of them at once through the BFF; and, for reference, 200 guests at once
 * through Medusa's own Store API checkout for 20 units of another fresh product.
 */
export async function benchDrop(target: DropTarget): Promise<DropBench> {
  const runId = randomBytes(4).toString("hex")
  const setupStarted = performance.now()
  log(`drop (${target.label}): making the drop's products and signing up ${SHOPPERS} shoppers…`)
  const product = await createDropProduct(target.medusaOrigin, { handle: `drop-${runId}`, title: `Drop ${runId} Boxy Tee`, size: DROP_SIZE, units: UNITS })
  const reference = await createDropProduct(target.medusaOrigin, {
    handle: `drop-${runId}-store-api`,
    title: `Drop ${runId} Boxy Tee (Store API)`,
    size: DROP_SIZE,
    units: UNITS,
  })
  await waitForDropInCatalogue(target.origin, product)
  const shoppers = await signUpShoppers(target.origin, runId, SHOPPERS)
  const publishableKey = await storefrontPublishableKey(target.databaseUrl)
  const store: StoreApi = {
    medusaOrigin: target.medusaOrigin,
    publishableKey,
    regionId: await inrRegionId(target.medusaOrigin, publishableKey),
    variantId: reference.variantId,
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000
  log(`drop set up in ${setupSeconds.toFixed(1)} s; ${SHOPPERS} shoppers go for ${UNITS} × ${product.title} (${product.size}) through the BFF…`)

  await waitForQuietCpu()
  const bffPaths = { openPath: `/api/products/${product.productId}`, floorPath: "/api/no-such-route" }
  const bffRun = await race(
    target,
    shoppers.map((shopper) => shopperClient(target.origin, shopper)),
    bffPaths,
    (client, index, go) => shopperDrop(client, shoppers[index]!, product, go),
  )
  const bff = printed(sideFigures("BFF: bag and checkout", "add to bag", bffRun, await settledLedger(target.databaseUrl, product.variantId, true)))

  log(`${SHOPPERS} guests go for ${UNITS} × ${reference.title} through Medusa's Store API…`)
  await waitForQuietCpu()
  const medusaRun = await race(
    target,
    Array.from({ length: SHOPPERS }, () => guestClient(store)),
    { openPath: "/health", floorPath: "/health" },
    (client, index, go) => guestDrop(client, store, index, go),
  )
  const medusa = printed(
    sideFigures("Medusa's Store API checkout", "add line item", medusaRun, await settledLedger(target.databaseUrl, reference.variantId, false)),
  )
  return { label: target.label, postgres: await postgresVersion(target.databaseUrl), setupSeconds, bff, medusa }
}
