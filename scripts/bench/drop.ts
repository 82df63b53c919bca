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
/** Issue 47's targets, against the floor measured in the same run (p99 against p99). */
export const CHECKOUT_P99_TARGET_MS = 1000
export const CHECKOUT_FLOOR_RATIO = 5
export const ADD_FLOOR_RATIO = 3
export const SOLD_OUT_FLOOR_RATIO = 3
/** Orders confirmed per second through the BFF against Medusa's own Store API checkout, same concurrency, same stock. */
export const ORDER_RATE_TARGET = 3
export const SLOW_MS = 30_000
/** Medusa places accepted orders after the answers: how long the ledger waits for all of them before reading. */
const PLACEMENT_WAIT_MS = 60_000

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
export type Ledger = {
  medusaOrders: number
  medusaUnits: number
  bffOrders?: number
  stocked: number
  reserved: number
  oversold: number
  unsold: number
  /** The BFF's side: Medusa's orders for the orders confirmed to shoppers. */
  placement?: Placement
}

/**
 * Medusa's orders for the shop's confirmed orders, found by the shop's order id in their metadata (`shop_order_id`):
 * how many confirmed ids have one Medusa order, more than one, none; and bff.orders' rows that know their Medusa order.
 */
export type Placement = {
  once: number
  duplicated: number
  missing: number
  /** Confirmed orders whose bff.orders row has `medusa_order_id` set. */
  bffPlaced: number
  /** Medusa's `created_at` (ms since the epoch) of each confirmed order's first Medusa order, by the shop's order id. */
  createdAt: Record<string, number>
}

/**
 * From a winner's confirmation to Medusa's order (Medusa's `created_at` less the moment the confirming answer arrived,
 * on the same clock), p50 / p99 / max; when the last order reached Medusa (seconds after the drop opened); and
 * Medusa's orders a second over the window from the drop's first checkout request to the last order in Medusa.
 */
export type MedusaLag = Percentiles & { max: number; lastSeconds: number; ordersPerSecond: number }

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
   * The machine's floor: the same connections, all at once just before the drop, asking a path that does
   * nothing (the BFF: `GET /api/health/live`; Medusa: /health).
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
  /** The BFF's side, when any confirmed order reached Medusa: the lag from confirmation to Medusa's order. */
  medusaLag?: MedusaLag
  /**
   * What the machine did while each figure was made: the adds to the bag, the sold-out answers, the winners' checkouts,
   * and Medusa placing the confirmed orders (from the first confirmation to the last order in Medusa), when there were any.
   */
  stretches: { bag: Stretch; soldOut?: Stretch; checkout?: Stretch; placement?: Stretch }
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

/** A drop's run: `openedAt` on performance.now()'s clock, `openedAtEpoch` the same moment on Date.now()'s (Medusa's records use the machine's clock). */
type Race = {
  journeys: Journey[]
  openedAt: number
  openedAtEpoch: number
  seconds: number
  observer: Observer
  floor: Percentiles & { path: string }
  ledger: Ledger
}

type Winner = Journey & { orderedAt: number; checkoutStartedAt: number }

const winnersOf = (journeys: Journey[]) =>
  journeys.filter((journey): journey is Winner => journey.orderedAt !== undefined && journey.checkoutStartedAt !== undefined)

/** The lag to Medusa of the confirmed orders Medusa holds, and its stretch on performance.now()'s clock. */
function lagToMedusa(winners: Winner[], { openedAt, openedAtEpoch, ledger }: Race, firstCheckout: number) {
  const createdAt = ledger.placement?.createdAt ?? {}
  const lags = winners.flatMap((winner) => {
    const created = winner.orderId === undefined ? undefined : createdAt[winner.orderId]
    return created === undefined ? [] : [created - (openedAtEpoch + winner.orderedAt - openedAt)]
  })
  const placed = Object.values(createdAt)
  if (!lags.length || !placed.length) return undefined
  const lastPlaced = openedAt + Math.max(...placed) - openedAtEpoch
  const lag: MedusaLag = {
    ...percentiles(lags),
    max: Math.max(...lags),
    lastSeconds: (lastPlaced - openedAt) / 1000,
    ordersPerSecond: placed.length / ((lastPlaced - firstCheckout) / 1000) || 0,
  }
  return { lag, from: Math.min(...winners.map((winner) => winner.orderedAt)), to: lastPlaced }
}

/** The figures of one side's drop, from every shopper's journey and Medusa's records after it. */
function sideFigures(label: string, bagStep: string, run: Race): DropSide {
  const { journeys, openedAt, seconds, observer, floor, ledger } = run
  const requests = journeys.flatMap((journey) => journey.requests)
  const winners = winnersOf(journeys)
  const firstCheckout = Math.min(...journeys.flatMap((journey) => (journey.checkoutStartedAt === undefined ? [] : [journey.checkoutStartedAt])))
  const lastOrder = Math.max(...winners.map((winner) => winner.orderedAt))
  const windowSeconds = winners.length ? (lastOrder - firstCheckout) / 1000 : NaN
  const bagRequests = requests.filter((request) => request.step === bagStep)
  const soldOut = requests.filter((request) => request.soldOut)
  const stretch = (from: number, to: number): Stretch => ({ ...observer.over(from, to), from: (from - openedAt) / 1000, to: (to - openedAt) / 1000 })
  const placement = ledger.placement && lagToMedusa(winners, run, firstCheckout)
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
    medusaLag: placement?.lag,
    stretches: {
      bag: stretch(openedAt, Math.max(...bagRequests.map(answeredAt))),
      soldOut: soldOut.length ? stretch(Math.min(...soldOut.map((request) => request.startedAt)), Math.max(...soldOut.map(answeredAt))) : undefined,
      checkout: winners.length ? stretch(firstCheckout, lastOrder) : undefined,
      placement: placement && stretch(placement.from, placement.to),
    },
  }
}

/** Medusa's orders by the shop's order ids in their metadata, and bff.orders' rows of those ids that know their Medusa order. */
async function readPlacement(client: pg.Client, confirmed: string[]): Promise<Placement> {
  const medusa = await client.query<{ shop_order_id: string; orders: number; created_ms: number }>(
    `select o.metadata ->> 'shop_order_id' as shop_order_id, count(*)::int as orders, (extract(epoch from min(o.created_at)) * 1000)::float8 as created_ms
       from public."order" o
      where o.metadata ->> 'shop_order_id' = any($1::text[]) and o.deleted_at is null
      group by 1`,
    [confirmed],
  )
  const bff = await client.query<{ placed: number }>(
    "select count(*)::int as placed from bff.orders where id = any($1::text[]) and medusa_order_id is not null",
    [confirmed],
  )
  const found = medusa.rows
  return {
    once: found.filter((row) => row.orders === 1).length,
    duplicated: found.filter((row) => row.orders > 1).length,
    missing: new Set(confirmed).size - found.length,
    bffPlaced: bff.rows[0]!.placed,
    createdAt: Object.fromEntries(found.map((row) => [row.shop_order_id, row.created_ms])),
  }
}

/** Medusa's records of a drop's variant; with the shop's confirmed order ids (the BFF's side), bff.orders' and their placement too. */
async function readLedger(databaseUrl: string, variantId: string, confirmed?: string[]): Promise<Ledger> {
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
    const bff = confirmed
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
      placement: confirmed && (await readPlacement(client, confirmed)),
    }
  } finally {
    await client.end()
  }
}

/**
 * Medusa's records once every unit's order is there (Medusa places the BFF's accepted orders after the answers; up to
 * a minute) and they stop changing (a settle job may still place a paid order after the shoppers stopped).
 */
async function settledLedger(databaseUrl: string, variantId: string, confirmed?: string[]): Promise<Ledger> {
  const deadline = performance.now() + PLACEMENT_WAIT_MS
  let last = await readLedger(databaseUrl, variantId, confirmed)
  while (last.medusaOrders < UNITS && performance.now() < deadline) {
    await sleep(500)
    last = await readLedger(databaseUrl, variantId, confirmed)
  }
  for (let i = 0; i < 15; i++) {
    await sleep(2000)
    const now = await readLedger(databaseUrl, variantId, confirmed)
    if (JSON.stringify(now) === JSON.stringify(last)) return now
    last = now
  }
  return last
}

/** The shop's order ids the shoppers were given on confirmation. */
const confirmedOrderIds = (journeys: Journey[]) => winnersOf(journeys).flatMap((winner) => (winner.orderId === undefined ? [] : [winner.orderId]))

/** Every client asks `path` at once (after a pause for the machine to settle): what answering them all costs when the answer is nothing. */
async function floorOf(clients: Client[], path: string): Promise<Percentiles & { path: string }> {
  await sleep(500)
  const answers = await Promise.all(clients.map((client) => client.send("GET", path)))
  return { path, ...percentiles(answers.map((answer) => answer.ms)) }
}

/**
 * Sends every shopper at once: each client first opens its connection (a shopper on the product page
 * when the drop opens) and measures the floor on it, then all journeys start together; then Medusa's
 * records are read once `settle` says they are complete. CPU (every 100 ms) and PostgreSQL's waits are
 * sampled meanwhile, until the records are read.
 */
async function race(
  target: DropTarget,
  clients: Client[],
  { openPath, floorPath }: { openPath: string; floorPath: string },
  journey: (client: Client, index: number, go: Promise<void>) => Promise<Journey>,
  settle: (journeys: Journey[]) => Promise<Ledger>,
): Promise<Race> {
  await Promise.all(clients.map((client) => client.send("GET", openPath)))
  const floor = await floorOf(clients, floorPath)
  await waitForQuietCpu()
  const observer = observe(target, { everyMs: 100 })
  try {
    const { go, release } = startingLine()
    const running = clients.map((client, index) => journey(client, index, go))
    const openedAt = performance.now()
    const openedAtEpoch = Date.now()
    release()
    const journeys = await Promise.all(running)
    const seconds = (performance.now() - openedAt) / 1000
    return { journeys, openedAt, openedAtEpoch, seconds, observer, floor, ledger: await settle(journeys) }
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
      `sold out ×${side.soldOut.answers} p99 ${ms(side.soldOut.p99)}; checkout p99 ${ms(side.checkout.p99)}; 5xx ${side.serverErrors}, no answer ${side.noAnswer}, over 30 s ${side.slow}` +
      (side.medusaLag
        ? `; lag to Medusa p50 ${ms(side.medusaLag.p50)} p99 ${ms(side.medusaLag.p99)} max ${ms(side.medusaLag.max)}, the last in Medusa ${side.medusaLag.lastSeconds.toFixed(1)} s after the drop opened`
        : ""),
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
  const bffPaths = { openPath: `/api/products/${product.productId}`, floorPath: "/api/health/live" }
  const bffRun = await race(
    target,
    shoppers.map((shopper) => shopperClient(target.origin, shopper)),
    bffPaths,
    (client, index, go) => shopperDrop(client, shoppers[index]!, product, go),
    (journeys) => settledLedger(target.databaseUrl, product.variantId, confirmedOrderIds(journeys)),
  )
  const bff = printed(sideFigures("BFF: bag and checkout", "add to bag", bffRun))

  log(`${SHOPPERS} guests go for ${UNITS} × ${reference.title} through Medusa's Store API…`)
  await waitForQuietCpu()
  const medusaRun = await race(
    target,
    Array.from({ length: SHOPPERS }, () => guestClient(store)),
    { openPath: "/health", floorPath: "/health" },
    (client, index, go) => guestDrop(client, store, index, go),
    () => settledLedger(target.databaseUrl, reference.variantId),
  )
  const medusa = printed(sideFigures("Medusa's Store API checkout", "add line item", medusaRun))
  return { label: target.label, postgres: await postgresVersion(target.databaseUrl), setupSeconds, bff, medusa }
}
