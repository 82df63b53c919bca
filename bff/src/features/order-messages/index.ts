import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { Mailer } from "../../lib/mailer.js"
import type { OrderEventListener } from "../../lib/order-events.js"
import type { OrderRecord } from "../orders/index.js"
import { emailChannel, type MessageChannel } from "./channels.js"
import type { ReturnEventListener } from "../../lib/order-events.js"
import { refundMessages } from "./refund-sender.js"
import { returnMessages } from "./return-sender.js"
import { orderMessages } from "./sender.js"

export { ORDER_MESSAGE_JOB } from "./sender.js"
export { RETURN_MESSAGE_JOB } from "./return-sender.js"
export type { MessageChannel, Recipient } from "./channels.js"

type Deps = Pick<SharedDeps, "db" | "logger"> & {
  config: Pick<Config, "PUBLIC_URL">
  mailer: Mailer
  invoiceLink: (order: OrderRecord, siteUrl: string) => Promise<string | null>
  /** More ways to reach shoppers (WhatsApp, SMS) beside e-mail. */
  moreChannels?: MessageChannel[]
}

/** The shopper's messages about each order and each return, on a queue of their own so a burst delays neither codes nor dispatch. */
export function orderMessagesModule({ config, db, logger, mailer, invoiceLink, moreChannels = [] }: Deps): FeatureModule & {
  onOrderEvent: OrderEventListener
  onReturnEvent: ReturnEventListener
  /** Told when the shop paid a refund ops issued in Medusa's dashboard (by Medusa's refund id). */
  onRefundPaid: (client: Pick<SharedDeps["db"], "query">, refundId: string) => Promise<void>
} {
  const channels = [emailChannel(mailer), ...moreChannels]
  const messages = orderMessages({ db, logger, channels, publicUrl: config.PUBLIC_URL, invoiceLink })
  const returns = returnMessages({ db, logger, channels, publicUrl: config.PUBLIC_URL })
  const refunds = refundMessages({ db, logger, channels, publicUrl: config.PUBLIC_URL })
  return {
    messageJobs: { ...messages.handlers, ...returns.handlers, ...refunds.handlers },
    onOrderEvent: messages.listener,
    onReturnEvent: returns.listener,
    onRefundPaid: refunds.listener,
  }
}
