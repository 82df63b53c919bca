import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { Mailer } from "../../lib/mailer.js"
import { invoiceLinks } from "../invoices/index.js"
import { emailChannel, type MessageChannel } from "./channels.js"
import { refundMessages } from "./refund-sender.js"
import { returnMessages } from "./return-sender.js"
import { reviewMessages } from "./review-sender.js"
import { orderMessages } from "./sender.js"

export { ORDER_MESSAGE_JOB } from "./sender.js"
export { RETURN_MESSAGE_JOB } from "./return-sender.js"
export { REVIEW_HIDDEN_JOB, REVIEW_INVITE_DELAY_MS, REVIEW_INVITE_JOB } from "./review-sender.js"
export type { MessageChannel, Recipient } from "./channels.js"

type Deps = Pick<SharedDeps, "db" | "logger" | "config"> & {
  mailer: Mailer
  /** More ways to reach shoppers (WhatsApp, SMS) beside e-mail. */
  moreChannels?: MessageChannel[]
}

/** The shopper's messages about each order and each return, on a queue of their own so a burst delays neither codes nor dispatch. */
export function orderMessagesModule({ config, db, logger, mailer, moreChannels = [] }: Deps): FeatureModule {
  const channels = [emailChannel(mailer), ...moreChannels]
  const invoiceLink = invoiceLinks({ config, db, logger })
  const messages = orderMessages({ db, logger, channels, publicUrl: config.PUBLIC_URL, invoiceLink: (order, siteUrl) => invoiceLink(order.id, siteUrl) })
  const returns = returnMessages({ db, logger, channels, publicUrl: config.PUBLIC_URL })
  const refunds = refundMessages({ db, logger, channels, publicUrl: config.PUBLIC_URL })
  const reviews = reviewMessages({ db, logger, channels, publicUrl: config.PUBLIC_URL })
  return {
    messageJobs: { ...messages.handlers, ...returns.handlers, ...refunds.handlers, ...reviews.handlers },
    listens: {
      order: async (client, orderId, event, facts) => {
        await messages.listener(client, orderId, event, facts)
        await reviews.listens.order(client, orderId, event)
      },
      return: returns.listener,
      refundPaid: refunds.listener,
      review: reviews.listens.review,
    },
  }
}
