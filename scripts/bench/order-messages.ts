import { randomBytes } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"
import pg from "pg"
import { inBatches } from "../lib/fitfeed-demo.js"
import { percentile, postgresVersion } from "./catalog.js"
import type { DropTarget, Percentiles, Stretch } from "./drop.js"
import { keepAliveClient, messageOf, type Answer } from "./drop-http.js"
import { createDropProduct, waitForDropInCatalogue, type DropProduct } from "./drop-product.js"
import { checkoutPayload, shopperClient, signUpShoppers, type Shopper } from "./drop-shoppers.js"
import { observe, type Observer } from "./observe.js"
import { waitForQuietCpu } from "./quiet.js"

/** The issue's claim: sending 200 order messages does not slow checkout (its p99 within 10% of before, same run). */
export const MESSAGES = 200
export const P99_RATIO_TARGET = 1.1
/** Checkouts measured before the burst, and as many after it; how many check out at once, all along. */
export const WINDOW_CHECKOUTS = 40
export const STREAM_WIDTH = 8
/**
 * Checkouts of the stream that are not measured: the first STREAM_WIDTH (they start together, before the stream
 * is steady) and the last STREAM_WIDTH (still in flight when the last measured one ends).
 */
const STREAM_SHOPPERS = STREAM_WIDTH + 2 * WINDOW_CHECKOUTS + STREAM_WIDTH
/** Set-up orders placed at once (not measured). */
const SET_UP_WIDTH = 8
const SIZE = "M"
/** Job kinds, as the BFF names them (bff/src/features/order-messages/sender.ts, fulfillment/medusa-shipment.ts). */
const ORDER_MESSAGE_JOB = "order.message"
const MEDUSA_SHIPMENT_JOB = "medusa-shipment"
const SETTLE_TIMEOUT_MS = 180_000

/** One checkout of the stream: the `POST /api/checkout` request alone (the bag's add before it is not timed). */
export type Checkout = { status: number; startedAt: number; ms: number; message: string; orderId?: string }

/**
 * The checkouts that ended in one window of the stream (before the burst, or after it), how many a second, and
 * what the machine did meanwhile (`stretch`: seconds from the burst, negative before it).
 */
export type Window = Percentiles & {
  checkouts: number
  placed: number
  perSecond: number
  seconds: number
  failures: { status: number; message: string }[]
  stretch: Stretch
}

export type MessageFigures = {
  /** Courier scans fired at once (Shiprocket's tracking webhook, sent by the bench), and how many the BFF acknowledged. */
  scans: number
  webhooksDelivered: number
  /** From the burst to the last `order.message` job queued (the webhooks' transactions), and to the last one done. */
  queuedSeconds: number
  sentSeconds: number
  jobsDone: number
  jobsFailed: number
  /** What landed: `bff.order_messages` rows (event shipped) for the set-up orders, and dev outbox mails to their buyers saying shipped. */
  rows: number
  outbox: number
  /** The same burst's other work: Medusa told of each shipment (a `medusa-shipment` job per order, one at a time on the `mirror` queue, giving way to checkout's calls), by the stream's end. */
  medusaShipmentsDone: number
  medusaShipmentsLastSeconds: number
  /** What the machine did from the burst to the last message sent. */
  stretch: Stretch
}

/**
 * The window after the burst, split at the last message sent: its checkouts that started before it (they overlapped
 * the sending) and those that started after it (only the burst's other work, Medusa told of the shipments, was left).
 */
export type LoadWindow = Window & { duringSend: Percentiles & { checkouts: number }; afterSend: Percentiles & { checkouts: number } }

export type OrderMessagesBench = {
  label: string
  postgres: string
  setupSeconds: number
  setupOrders: number
  reference: Window
  underLoad: LoadWindow
  messages: MessageFigures
}

const log = (line: string) => process.stdout.write(`bench: ${line}\n`)

/** performance.now() as the wall clock, to set the requests against PostgreSQL's timestamps. */
const wallClock = (at: number) => performance.timeOrigin + at
const endOf = (checkout: Checkout) => checkout.startedAt + checkout.ms

const percentiles = (values: number[]): Percentiles => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? { p50: percentile(sorted, 50), p99: percentile(sorted, 99) } : { p50: NaN, p99: NaN }
}

/** One shopper's order: one unit into the bag (not timed), then cash on delivery; the checkout's answer is the figure. */
async function checkOut(origin: string, shopper: Shopper, product: DropProduct): Promise<Checkout> {
  const client = shopperClient(origin, shopper)
  const failed = (answer: Answer, step: string): Checkout => ({
    status: answer.status,
    startedAt: answer.startedAt,
    ms: answer.ms,
    message: `${step}: ${messageOf(answer) || String(answer.body).slice(0, 200)}`,
  })
  try {
    const added = await client.send("POST", "/api/cart", { json: { productId: product.productId, size: product.size, quantity: 1 } })
    if (added.status !== 201) return failed(added, "add to bag")
    const placed = await client.send("POST", "/api/checkout", { json: checkoutPayload("cod") })
    if (placed.status !== 201) return failed(placed, "checkout")
    return { status: placed.status, startedAt: placed.startedAt, ms: placed.ms, message: "", orderId: (placed.body as { orderId: string }).orderId }
  } finally {
    client.close()
  }
}

type Stream<B> = { ended: Checkout[]; burstAt: number; burst: B }

/**
 * Shoppers check out one after another, STREAM_WIDTH at a time, without a pause: once the first
 * STREAM_WIDTH + WINDOW_CHECKOUTS checkouts have ended, `burst` starts; new checkouts stop once
 * WINDOW_CHECKOUTS more have ended. `ended` is in the order the checkouts ended.
 */
async function checkoutStream<B>(origin: string, shoppers: Shopper[], product: DropProduct, burst: () => Promise<B>): Promise<Stream<B>> {
  const ended: Checkout[] = []
  const burstAfter = STREAM_WIDTH + WINDOW_CHECKOUTS
  let next = 0
  let burstAt = NaN
  let bursting: Promise<B> | undefined
  const worker = async () => {
    while (next < shoppers.length && ended.length < burstAfter + WINDOW_CHECKOUTS) {
      ended.push(await checkOut(origin, shoppers[next++]!, product))
      if (!bursting && ended.length >= burstAfter) {
        burstAt = performance.now()
        bursting = burst()
      }
    }
  }
  await Promise.all(Array.from({ length: STREAM_WIDTH }, worker))
  if (!bursting) throw new Error(`the stream ran out of shoppers before the burst (${ended.length} checkouts)`)
  return { ended, burstAt, burst: await bursting }
}

/** The figures of the checkouts that ended between `from` and `to` (performance.now() times; the burst at `burstAt`). */
function windowOf(checkouts: Checkout[], from: number, to: number, burstAt: number, observer: Observer): Window {
  const placed = checkouts.filter((checkout) => checkout.orderId)
  const seconds = (to - from) / 1000
  return {
    checkouts: checkouts.length,
    placed: placed.length,
    perSecond: placed.length / seconds,
    seconds,
    failures: checkouts.filter((checkout) => !checkout.orderId).map(({ status, message }) => ({ status, message })),
    ...percentiles(placed.map((checkout) => checkout.ms)),
    stretch: { ...observer.over(from, to), from: (from - burstAt) / 1000, to: (to - burstAt) / 1000 },
  }
}

/** Runs `measure` with the CPU of each process (every 100 ms) and PostgreSQL's waits sampled, for its stretches. */
async function watched<T>(target: DropTarget, measure: (observer: Observer) => Promise<T>): Promise<T> {
  const observer = observe(target, { everyMs: 100 })
  try {
    return await measure(observer)
  } finally {
    await observer.stop()
  }
}

/** Polls `check` every half second until it answers something, or throws after `timeoutMs` saying what was awaited and last seen. */
async function until<T>(what: string, check: () => Promise<{ done: T } | { seen: string }>, timeoutMs = SETTLE_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let seen = "nothing yet"
  while (Date.now() < deadline) {
    const answer = await check()
    if ("done" in answer) return answer.done
    seen = answer.seen
    await sleep(500)
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s (last seen: ${seen})`)
}

/** The set-up orders' tracking numbers (AWBs), once their dispatch jobs have given every one of them one. */
async function awbsOf(db: pg.Client, orderIds: string[]): Promise<string[]> {
  return until<string[]>(`every set-up order dispatched to Shiprocket`, async () => {
    const { rows } = await db.query<{ awb: string | null }>("select tracking_id as awb from bff.orders where id = any($1)", [orderIds])
    const awbs = rows.flatMap((row) => (row.awb ? [row.awb] : []))
    return awbs.length === orderIds.length ? { done: awbs } : { seen: `${awbs.length} of ${orderIds.length} with an AWB` }
  })
}

/**
 * Until the BFF's queues have nothing to do now for the set-up: no `order.message` job waiting, and no other job
 * queued since `since` due or running (a claimed job's run_at is its lease, 5 minutes ahead; jobs scheduled further
 * out, such as sign-up expiries, don't count). Work left by what ran on the shop before (the drop's orders, their
 * shipments told to Medusa one at a time) is not the set-up's to finish.
 */
async function queuesIdle(db: pg.Client, since: Date): Promise<void> {
  await until<undefined>("the BFF's job queues idle", async () => {
    const dueOrRunning = "run_at < now() + interval '6 minutes'"
    const { rows } = await db.query<{ messages: number; busy: number; kinds: string | null }>(
      `select count(*) filter (where kind = $1)::int as messages, count(*) filter (where ${dueOrRunning})::int as busy,
              string_agg(distinct kind || coalesce(' (' || left(last_error, 200) || ')', ''), '; ') filter (where ${dueOrRunning}) as kinds
         from bff.jobs where done_at is null and failed_at is null and queued_at >= $2`,
      [ORDER_MESSAGE_JOB, since],
    )
    const { messages, busy, kinds } = rows[0]!
    return messages === 0 && busy === 0
      ? { done: undefined }
      : { seen: `${messages} order messages waiting, ${busy} jobs due or running${kinds ? `: ${kinds}` : ""}` }
  })
}

type JobTimes = { done: number; failed: number; lastQueued: number; lastDone: number }

/** How the jobs of one kind for the given keys ended (wall-clock ms from PostgreSQL). */
async function jobTimes(db: pg.Client, kind: string, keys: string[]): Promise<JobTimes> {
  const { rows } = await db.query<{ done: number; failed: number; last_queued: Date | null; last_done: Date | null }>(
    `select count(done_at)::int as done, count(failed_at)::int as failed, max(queued_at) as last_queued, max(done_at) as last_done
       from bff.jobs where kind = $1 and key = any($2)`,
    [kind, keys],
  )
  const row = rows[0]!
  return { done: row.done, failed: row.failed, lastQueued: row.last_queued?.getTime() ?? NaN, lastDone: row.last_done?.getTime() ?? NaN }
}

/** Until every job of the kind for these keys is done or failed. */
function jobsEnded(db: pg.Client, kind: string, keys: string[]): Promise<JobTimes> {
  return until<JobTimes>(`${keys.length} ${kind} jobs ended`, async () => {
    const times = await jobTimes(db, kind, keys)
    return times.done + times.failed === keys.length ? { done: times } : { seen: `${times.done} done, ${times.failed} failed` }
  })
}

/** What landed for the set-up orders: shipped rows in bff.order_messages, and shipped mails to their buyers in the dev outbox. */
async function landed(db: pg.Client, orderIds: string[], emails: string[]): Promise<{ rows: number; outbox: number }> {
  const rows = await db.query<{ n: number }>("select count(*)::int as n from bff.order_messages where event = 'shipped' and order_id = any($1)", [orderIds])
  const outbox = await db.query<{ n: number }>("select count(*)::int as n from bff.dev_outbox where to_email = any($1) and subject like 'Order % shipped'", [
    emails,
  ])
  return { rows: rows.rows[0]!.n, outbox: outbox.rows[0]!.n }
}

/**
 * The courier's SHIPPED scan for one parcel: Shiprocket's tracking webhook, sent by the bench as Shiprocket's servers
 * send it (the emulator's test hook would do the courier's own bookkeeping in the shop's process, which is not the shop's work).
 */
async function scanShipped(origin: string, webhookToken: string, awb: string): Promise<boolean> {
  const client = keepAliveClient(origin, { "x-api-key": webhookToken })
  try {
    const answer = await client.send("POST", "/api/fulfillment/tracking-webhook", {
      json: {
        awb,
        courier_name: "Emulated Surface",
        current_status: "SHIPPED",
        shipment_status: "SHIPPED",
        current_timestamp: new Date().toISOString(),
        is_return: 0,
      },
    })
    return answer.status === 200
  } finally {
    client.close()
  }
}

/**
 * On a running shop: 200 cash-on-delivery orders placed and dispatched (not measured); then a steady stream of
 * checkouts, 8 at a time, in which the courier's SHIPPED scan for all 200 orders fires at once (200 shipped
 * messages queued in a burst): the 40 checkouts that ended just before it against the 40 that ended after it.
 * Checks that exactly 200 shipped messages were sent.
 */
export async function benchOrderMessages(target: DropTarget): Promise<OrderMessagesBench> {
  const webhookToken = target.shiprocketWebhookToken
  if (!webhookToken) throw new Error("the order messages bench sends Shiprocket's webhooks itself: start the shop with SHIPROCKET_WEBHOOK_TOKEN")
  const runId = randomBytes(4).toString("hex")
  const setupStarted = performance.now()
  const setupStartedAt = new Date()
  log(`order messages (${target.label}): a product, ${MESSAGES + STREAM_SHOPPERS} shoppers and ${MESSAGES} orders to ship…`)
  const product = await createDropProduct(target.medusaOrigin, {
    handle: `messages-${runId}`,
    title: `Messages ${runId} Boxy Tee`,
    size: SIZE,
    units: MESSAGES + STREAM_SHOPPERS + 10,
  })
  await waitForDropInCatalogue(target.origin, product)
  const shoppers = await signUpShoppers(target.origin, runId, MESSAGES + STREAM_SHOPPERS)
  const [buyers, streaming] = [shoppers.slice(0, MESSAGES), shoppers.slice(MESSAGES)]
  const orders = await inBatches(buyers, SET_UP_WIDTH, (buyer) => checkOut(target.origin, buyer, product))
  const refused = orders.find((order) => !order.orderId)
  if (refused) throw new Error(`a set-up order was refused: ${refused.status} ${refused.message}`)
  const orderIds = orders.map((order) => order.orderId!)

  const db = new pg.Client({ connectionString: target.databaseUrl })
  await db.connect()
  try {
    const awbs = await awbsOf(db, orderIds)
    await queuesIdle(db, setupStartedAt)
    const setupSeconds = (performance.now() - setupStarted) / 1000
    log(
      `set up in ${setupSeconds.toFixed(1)} s; checkouts ${STREAM_WIDTH} at a time, and after ${STREAM_WIDTH + WINDOW_CHECKOUTS} of them ` +
        `the courier's SHIPPED scan for the ${MESSAGES} orders at once…`,
    )
    await waitForQuietCpu()
    const figures = await watched(target, async (observer) => {
      const {
        ended,
        burstAt,
        burst: delivered,
      } = await checkoutStream(target.origin, streaming, product, () => Promise.all(awbs.map((awb) => scanShipped(target.origin, webhookToken, awb))))
      const before = ended.slice(STREAM_WIDTH, STREAM_WIDTH + WINDOW_CHECKOUTS)
      const after = ended.slice(STREAM_WIDTH + WINDOW_CHECKOUTS, STREAM_WIDTH + 2 * WINDOW_CHECKOUTS)
      const streamEnd = Math.max(...after.map(endOf))
      const sent = await jobsEnded(
        db,
        ORDER_MESSAGE_JOB,
        orderIds.map((id) => `${id}:shipped`),
      )
      const shipments = await jobTimes(
        db,
        MEDUSA_SHIPMENT_JOB,
        orderIds.map((id) => `${id}:SHIPPED`),
      )
      const lastSent = sent.lastDone - performance.timeOrigin
      const subset = (checkouts: Checkout[]) => ({ checkouts: checkouts.length, ...percentiles(checkouts.map((checkout) => checkout.ms)) })
      const placedAfter = after.filter((checkout) => checkout.orderId)
      const since = (wallMs: number) => (wallMs - wallClock(burstAt)) / 1000
      const messages: MessageFigures = {
        scans: awbs.length,
        webhooksDelivered: delivered.filter(Boolean).length,
        queuedSeconds: since(sent.lastQueued),
        sentSeconds: since(sent.lastDone),
        jobsDone: sent.done,
        jobsFailed: sent.failed,
        ...(await landed(
          db,
          orderIds,
          buyers.map((buyer) => buyer.email),
        )),
        medusaShipmentsDone: shipments.done,
        medusaShipmentsLastSeconds: since(shipments.lastDone),
        stretch: { ...observer.over(burstAt, lastSent), from: 0, to: (lastSent - burstAt) / 1000 },
      }
      return {
        reference: windowOf(before, endOf(ended[STREAM_WIDTH - 1]!), burstAt, burstAt, observer),
        underLoad: {
          ...windowOf(after, burstAt, streamEnd, burstAt, observer),
          duringSend: subset(placedAfter.filter((checkout) => checkout.startedAt <= lastSent)),
          afterSend: subset(placedAfter.filter((checkout) => checkout.startedAt > lastSent)),
        },
        messages,
      }
    })
    const { reference, underLoad, messages } = figures
    const ms = (value: number) => `${Math.round(value)} ms`
    log(
      `before: checkout p50 ${ms(reference.p50)} p99 ${ms(reference.p99)} (${reference.placed}/${reference.checkouts} placed, ${reference.perSecond.toFixed(2)}/s); ` +
        `after the burst: p50 ${ms(underLoad.p50)} p99 ${ms(underLoad.p99)} (${underLoad.placed}/${underLoad.checkouts} placed, ${underLoad.perSecond.toFixed(2)}/s; ` +
        `${underLoad.duringSend.checkouts} started while messages were being sent: p99 ${ms(underLoad.duringSend.p99)}; ${underLoad.afterSend.checkouts} after: p99 ${ms(underLoad.afterSend.p99)}); ` +
        `${messages.jobsDone} messages sent ${messages.sentSeconds.toFixed(1)} s after the burst, ${messages.rows} rows, ${messages.outbox} in the outbox; ` +
        `Medusa told of ${messages.medusaShipmentsDone} shipments by then`,
    )
    return { label: target.label, postgres: await postgresVersion(target.databaseUrl), setupSeconds, setupOrders: orderIds.length, ...figures }
  } finally {
    await db.end()
  }
}
