import type { IncomingMessage } from "node:http"
import type { OrderReturn, ReviewsAnswer, ReviewSummary, Serviceability } from "@fitshop/contracts"
import type { Db } from "./db.js"
import type { OrderEventListener, RefundPaidListener, ReturnEventListener, ReviewEventListener } from "./order-events.js"

type Queryable = Pick<Db, "query">

/**
 * What the modules tell each other, each channel heard by every module that declares a listener for it (FeatureModule's
 * `listens`), in mounting order. `order`, `return`, `refundPaid` and `review` are told in the transaction that made them happen,
 * so what they cause commits or rolls back with them; the others are news from outside (Medusa, the courier, a
 * visitor), heard outside any transaction, each listener acting in its own.
 */
export type Listeners = {
  order: OrderEventListener
  return: ReturnEventListener
  refundPaid: RefundPaidListener
  review: ReviewEventListener
  /** Medusa received these returns of the order (ops in its dashboard, or the shop's receipt job coming back). Told before `ended`. */
  returnsReceived: (orderId: string, medusaReturnIds: string[]) => Promise<void>
  /** The order ended outside the shop: cancelled or returned whole in Medusa, or a refused cash-on-delivery parcel came back. */
  ended: (orderId: string, ending: "cancelled" | "returned") => Promise<void>
  /** The courier scanned a parcel that is no order's (a return's reverse pickup comes to the same webhook). */
  parcelScanned: (awb: string, shiprocketStatus: string) => Promise<void>
  /** A visitor read a product (before it is answered; never awaited, so never slows the read). */
  productRead: (req: IncomingMessage, productId: string, query: string) => void
}

export type EventListeners = Partial<Listeners>

/** An order's returns as shown, and how many units of each line (by line id) they ask back. */
export type OrderAsks = { returns: OrderReturn[]; unitsAskedBack: Map<string, number> }

/** Questions one module answers for the others (FeatureModule's `answers`): exactly one module answers each. */
export type Answers = {
  /** The returns asked on these orders, by order id, shown with them. */
  returnAsks: (orderIds: string[]) => Promise<Map<string, OrderAsks>>
  /** What an order's returns already gave back (to its payment, and the coins it spent), which its ending doesn't give again. */
  givenBackThroughReturns: (client: Queryable, orderId: string) => Promise<{ toPayment: number; spentCoins: number }>
  /** Whether couriers reach a pincode and collect cash there (undefined: Shiprocket couldn't say). */
  deliveryCheck: (pincode: string) => Promise<Serviceability | undefined>
  /** What the product's reviews and its buyers' fit answers sum to: the rating, its distribution, the fit verdict. */
  reviewSummary: (productId: string) => Promise<ReviewSummary>
  /** The first page of the product's reviews as a visitor reads it (`GET /api/products/{id}/reviews`), for its server-rendered page. */
  firstReviews: (productId: string) => Promise<ReviewsAnswer>
}

/** Where the modules tell what happened and ask what another module knows (SharedDeps' `events`). */
export type EventBus = Listeners & { ask: Answers }

/** What one module brings to the bus. */
export type OnTheBus = { listens?: EventListeners; answers?: Partial<Answers> }

/**
 * The app's one bus: made before the modules, which publish and ask through it, and handed what each brings once they
 * are all made (`hear`). A question nobody answers, or two modules answer, is refused there, at start-up.
 */
export function eventBus(): EventBus & { hear(modules: OnTheBus[]): void } {
  let heard: EventListeners[] | undefined
  const answers: Partial<Answers> = {}
  const listeners = () => {
    if (!heard) throw new Error("the bus was used before the app handed it the modules' listeners")
    return heard
  }
  const answerer = <K extends keyof Answers>(name: K): Answers[K] => {
    const answering = answers[name]
    if (!answering) throw new Error(`nobody answers "${name}" yet`)
    return answering
  }
  const ask: Answers = {
    returnAsks: async (orderIds) => answerer("returnAsks")(orderIds),
    givenBackThroughReturns: async (client, orderId) => answerer("givenBackThroughReturns")(client, orderId),
    deliveryCheck: async (pincode) => answerer("deliveryCheck")(pincode),
    reviewSummary: async (productId) => answerer("reviewSummary")(productId),
    firstReviews: async (productId) => answerer("firstReviews")(productId),
  }
  return {
    hear(modules) {
      if (heard) throw new Error("the bus hears the modules once")
      for (const module of modules) {
        for (const [name, answering] of Object.entries(module.answers ?? {})) {
          if (name in answers) throw new Error(`two modules answer "${name}"`)
          Object.assign(answers, { [name]: answering })
        }
      }
      const unanswered = Object.keys(ask).filter((name) => !(name in answers))
      if (unanswered.length) throw new Error(`no module answers ${unanswered.map((name) => `"${name}"`).join(", ")}`)
      // Only the modules that listen, so a product read (on every read) looks at a handful, not every module.
      heard = modules.flatMap((module) => module.listens ?? [])
    },
    async order(client, orderId, event, facts) {
      for (const { order } of listeners()) await order?.(client, orderId, event, facts)
    },
    async return(client, returnId, event) {
      for (const { return: listener } of listeners()) await listener?.(client, returnId, event)
    },
    async refundPaid(client, refundId) {
      for (const { refundPaid } of listeners()) await refundPaid?.(client, refundId)
    },
    async review(client, reviewId, event, facts) {
      for (const { review } of listeners()) await review?.(client, reviewId, event, facts)
    },
    async returnsReceived(orderId, medusaReturnIds) {
      for (const { returnsReceived } of listeners()) await returnsReceived?.(orderId, medusaReturnIds)
    },
    async ended(orderId, ending) {
      for (const { ended } of listeners()) await ended?.(orderId, ending)
    },
    async parcelScanned(awb, shiprocketStatus) {
      for (const { parcelScanned } of listeners()) await parcelScanned?.(awb, shiprocketStatus)
    },
    productRead(req, productId, query) {
      for (const { productRead } of listeners()) productRead?.(req, productId, query)
    },
    ask,
  }
}
