import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { RazorpayClient } from "../../lib/razorpay.js"
import { returnWarehouse } from "../../lib/return-warehouse.js"
import type { ShiprocketClient } from "../../lib/shiprocket.js"
import type { AddressService } from "../addresses/index.js"
import type { OrderAsks } from "../../lib/event-bus.js"
import { returnAsks } from "./ask.js"
import { RETURN_BOOKING_JOB, returnBookingJob } from "./booking.js"
import { EXCHANGE_SHIPMENT_JOB, exchangeShipmentJob } from "./exchange-shipment.js"
import { presentReturn } from "./presenter.js"
import { RETURN_REFUND_RECORD_JOB, recordingReturnRefunds, returnRefundRecordJob } from "./medusa-refunds.js"
import { RETURN_CANCEL_JOB } from "./pickup-cancellation.js"
import { RETURN_RECEIPT_JOB, RETURN_REFUND_JOB, returnReceipts } from "./receipt.js"
import { refundedByReturns, returnsOfOrders, unitsAskedBack } from "./returns.js"
import { returnRoutes } from "./routes.js"
import { flagStuckPickups } from "./stuck-pickups.js"

export { returnById, type ReturnRecord } from "./returns.js"
/** What returns and exchanges say of a product's fit: each buyer's answer (the fit verdict) and the fit-return rate (the console). */
export { fitAnswersFromReturns, fitReturnCounts, FIT_RETURN_DAYS, type FitReturnRow } from "./fit-signals.js"

type Deps = SharedDeps & {
  config: Pick<Config, "RETURN_WINDOW_DAYS" | "RETURN_PICKUP_STUCK_DAYS" | "SHIPROCKET_PICKUP_LOCATION">
  addresses: AddressService
  razorpayClient: RazorpayClient
  shiprocketClient: ShiprocketClient
}

/**
 * Returns and size exchanges: the shopper's ask, Medusa's return and the courier's reverse pickup booked by a job,
 * the courier's scans moving it on, and at the warehouse the refund (money, coins) and the restock, each once.
 */
export function returnsModule(deps: Deps): FeatureModule {
  const { config, db, commerce, logger, authentication, limiter, addresses, razorpayClient, shiprocketClient } = deps
  const warehouse = returnWarehouse(config)
  // Each step the shopper hears of (asked, pickup booked, refunded, new size shipped), told in its transaction.
  const onReturnEvent = deps.events.return
  const ask = returnAsks({ db, addresses, returnWindowDays: config.RETURN_WINDOW_DAYS, onReturnEvent })
  const receipts = returnReceipts({
    db,
    commerce,
    razorpay: razorpayClient,
    logger,
    onReturnEvent: recordingReturnRefunds(onReturnEvent),
  })

  /** Each order's returns as shown, and the units they ask back, for the shopper's orders. */
  async function asksOf(orderIds: string[]): Promise<Map<string, OrderAsks>> {
    const byOrder = new Map<string, OrderAsks>()
    const all = await returnsOfOrders(db, orderIds)
    for (const orderId of orderIds) {
      const asks = all.filter((ask) => ask.orderId === orderId)
      byOrder.set(orderId, { returns: asks.map(presentReturn), unitsAskedBack: unitsAskedBack(asks) })
    }
    return byOrder
  }

  return {
    routes: returnRoutes({ authentication, limiter, ask }),
    jobs: {
      [RETURN_BOOKING_JOB]: returnBookingJob({ db, commerce, shiprocket: shiprocketClient, warehouse, logger, onReturnEvent }),
      [RETURN_RECEIPT_JOB]: receipts.receiptJob,
      [RETURN_REFUND_JOB]: receipts.refundJob,
      [RETURN_CANCEL_JOB]: receipts.cancelInMedusaJob,
      [RETURN_REFUND_RECORD_JOB]: returnRefundRecordJob({ db, commerce }),
      [EXCHANGE_SHIPMENT_JOB]: exchangeShipmentJob({
        db,
        commerce,
        shiprocket: shiprocketClient,
        pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
        logger,
        onReturnEvent,
      }),
    },
    // One round of flagging pickups left waiting too long; answers how many.
    schedules: [{ name: "stuck pickups", everyMs: 60 * 60_000, run: () => flagStuckPickups(db, logger, config.RETURN_PICKUP_STUCK_DAYS) }],
    listens: {
      // Medusa received the shopper's returns (ops may receive one in the dashboard before the courier's scan).
      returnsReceived: async (orderId, medusaReturnIds) => {
        await receipts.receivedInMedusa(orderId, medusaReturnIds)
      },
      // The courier's scans of a return's reverse pickup come to the orders' webhook.
      parcelScanned: async (awb, shiprocketStatus) => {
        await receipts.scanned(awb, shiprocketStatus)
      },
    },
    answers: { returnAsks: asksOf, givenBackThroughReturns: refundedByReturns },
  }
}
