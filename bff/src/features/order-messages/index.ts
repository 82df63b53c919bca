import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { Mailer } from "../../lib/mailer.js"
import type { OrderEventListener } from "../../lib/order-events.js"
import type { OrderRecord } from "../orders/index.js"
import { emailChannel, type MessageChannel } from "./channels.js"
import { orderMessages } from "./sender.js"

export { ORDER_MESSAGE_JOB } from "./sender.js"
export type { MessageChannel, Recipient } from "./channels.js"

type Deps = Pick<SharedDeps, "db" | "logger"> & {
  config: Pick<Config, "PUBLIC_URL">
  mailer: Mailer
  invoiceLink: (order: OrderRecord, siteUrl: string) => Promise<string | null>
  /** More ways to reach shoppers (WhatsApp, SMS) beside e-mail. */
  moreChannels?: MessageChannel[]
}

/** The shopper's messages about each order, on a queue of their own so a burst delays neither codes nor dispatch. */
export function orderMessagesModule({
  config,
  db,
  logger,
  mailer,
  invoiceLink,
  moreChannels = [],
}: Deps): FeatureModule & { onOrderEvent: OrderEventListener } {
  const messages = orderMessages({ db, logger, channels: [emailChannel(mailer), ...moreChannels], publicUrl: config.PUBLIC_URL, invoiceLink })
  return { messageJobs: messages.handlers, onOrderEvent: messages.listener }
}
