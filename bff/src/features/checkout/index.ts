import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { enqueueJob } from "../../lib/jobs.js"
import type { RazorpayClient } from "../../lib/razorpay.js"
import type { RazorpaySettings } from "../../lib/razorpay-settings.js"
import type { AddressService } from "../addresses/index.js"
import type { BagService } from "../cart/index.js"
import type { UsersRepository } from "../users/index.js"
import { orderCommands } from "../orders/index.js"
import { orderEnding } from "./cancellation.js"
import { commerceCheckout } from "./commerce-checkout.js"
import { ORDER_REFUND_RECORD_JOB, orderRefundRecordJob } from "./medusa-refund-record.js"
import { opsRefunds } from "./ops-refunds.js"
import { medusaPlacement } from "./medusa-placement.js"
import { checkoutPlacement, PLACE_IN_MEDUSA_JOB } from "./placement.js"
import { checkoutPreparation } from "./prepare.js"
import { razorpaySettlement, REFUND_JOB, SETTLE_JOB } from "./razorpay-settlement.js"
import { checkoutRoutes, razorpayWebhookRoute } from "./routes.js"
import { checkoutService, COD_CHECK_JOB } from "./service.js"

/** What returns share with checkout: a checkout's payment, and the stock gate an exchange's new size goes through. */
export { checkoutById } from "./checkouts.js"
export { StockShortfall } from "./commerce-checkout.js"
export { CheckoutInFlight, holdStock, markHoldsPlaced, releaseHolds } from "./stock-holds.js"
/** Cash on delivery's fee, which the policy pages state (legal). */
export { COD_FEE_PAISE } from "./schema.js"
/** How the shop's money given back is recorded on the order in Medusa (returns record theirs with it). */
export { recordMoneyBackInMedusa, REFUND_RECORD_ATTEMPTS } from "./medusa-refund-record.js"

type Deps = SharedDeps & {
  /** ALLOW_LIVE_TEST_PAYMENTS: admins may pay ₹1 to test the live gateway; STOCK_HOLD_MINUTES: how long a checkout's units are held. */
  config: Pick<Config, "ALLOW_LIVE_TEST_PAYMENTS" | "STOCK_HOLD_MINUTES" | "INTERNAL_API_SECRET">
  razorpay: RazorpaySettings
  razorpayClient: RazorpayClient
  users: UsersRepository
  bag: BagService
  addresses: AddressService
}

/**
 * Checkout and payment: the bag becomes the shop's order at once and Medusa's in turn, paid online through Razorpay (settled by its webhook,
 * the verify call or the reconciler) or cash on delivery; and an order cancelled or returned in Medusa is undone here.
 */
export function checkoutModule({ config, db, commerce, logger, authentication, limiter, events, razorpay, razorpayClient, ...deps }: Deps): FeatureModule {
  const { users, bag, addresses } = deps
  const orders = orderCommands(events)
  const liveTestAllowed = config.ALLOW_LIVE_TEST_PAYMENTS === "1"
  const medusaCheckout = commerceCheckout(commerce)
  const placement = checkoutPlacement({ db, bag, logger, orders, holdMinutes: config.STOCK_HOLD_MINUTES })
  const settlement = razorpaySettlement({ db, razorpay: razorpayClient, placement, logger, onOrderEvent: events.order })
  const checkout = checkoutService({
    db,
    users,
    razorpay: razorpayClient,
    keySecret: razorpay.keySecret,
    preparation: checkoutPreparation({
      db,
      bag,
      users,
      addresses,
      liveTestAllowed,
      holdMinutes: config.STOCK_HOLD_MINUTES,
      checkDelivery: events.ask.deliveryCheck,
    }),
    placement,
    commerce: medusaCheckout,
    settlement,
    logger,
    liveTestAllowed,
  })
  const dashboardRefunds = opsRefunds({
    db,
    commerce,
    razorpay: razorpayClient,
    logger,
    internalSecret: config.INTERNAL_API_SECRET,
    onRefundPaid: events.refundPaid,
  })
  const end = orderEnding({ db, logger, orders, backThroughReturns: events.ask.givenBackThroughReturns })
  const inMedusa = medusaPlacement({ db, users, commerce: medusaCheckout, logger, orders, cancel: end })
  const settleLater = async (razorpayOrderId: string) => {
    await enqueueJob(db, SETTLE_JOB, razorpayOrderId)
  }
  return {
    rawBodyRoutes: razorpayWebhookRoute({ webhookSecret: razorpay.webhookSecret, settleLater, logger }),
    routes: checkoutRoutes({ checkout, authentication, razorpay, limiter }),
    internal: [dashboardRefunds.routes],
    jobs: {
      [SETTLE_JOB]: settlement.settleJob,
      [REFUND_JOB]: settlement.refundJob,
      [COD_CHECK_JOB]: checkout.confirmCashOnDeliveryJob,
      [ORDER_REFUND_RECORD_JOB]: orderRefundRecordJob({ commerce, db }),
      ...dashboardRefunds.jobs,
    },
    placementJobs: { [PLACE_IN_MEDUSA_JOB]: inMedusa.job },
    schedules: [
      // Queues a settle for online checkouts unsettled after 15 minutes; answers how many.
      { name: "payment reconcile", everyMs: 5 * 60_000, run: settlement.reconcile },
      // Finishes or undoes cash-on-delivery checkouts a failure cut mid-way, and frees units held for checkouts never recorded.
      { name: "checkout recovery", everyMs: 60_000, run: checkout.recoverCutCheckouts },
    ],
    listens: {
      // An order ended in Medusa's dashboard, or a refused cash-on-delivery parcel came back: its coins, earnings and payment go back.
      ended: async (orderId, ending) => {
        await end(orderId, ending)
      },
    },
  }
}
