import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { Mailer } from "../../lib/mailer.js"
import { invoiceLinks } from "../invoices/index.js"
import { emailChannel, type MessageChannel } from "./channels.js"
import { refundMessages } from "./refund-sender.js"
import { returnMessages } from "./return-sender.js"
import { orderMessages } from "./sender.js"

export { ORDER_MESSAGE_JOB } from "./sender.js"
export { RETURN_MESSAGE_JOB } from "./return-sender.js"
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
  return {
    messageJobs: { ...messages.handlers, ...returns.handlers, ...refunds.handlers },
    listens: { order: messages.listener, return: returns.listener, refundPaid: refunds.listener },
  }
}
