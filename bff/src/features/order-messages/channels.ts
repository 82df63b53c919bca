import type { Mailer } from "../../lib/mailer.js"

/** Who an order's messages go to: the account's e-mail, the delivery address's phone. */
export type Recipient = { email: string | null; phone: string | null }

/** A message in every form a channel may need: an e-mail sends both parts, an SMS would take the text. */
export type ChannelMessage = { subject: string; text: string; html: string }

/**
 * A way to reach a shopper about their order. E-mail is the one built; WhatsApp or SMS is another implementation
 * of this, added to the list the messages module is given. Each channel sends an event once (by its name).
 */
export type MessageChannel = {
  name: string
  /** Whether it can reach this recipient at all (SMS needs a phone). */
  reaches(to: Recipient): boolean
  /** Throws when the message could not be handed over: the job tries again later. */
  send(to: Recipient, message: ChannelMessage): Promise<void>
}

export function emailChannel(mailer: Mailer): MessageChannel {
  return {
    name: "email",
    reaches: (to) => Boolean(to.email),
    async send(to, message) {
      if (!to.email) return
      await mailer.send({ to: to.email, ...message })
    },
  }
}
