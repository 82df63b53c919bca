import nodemailer from "nodemailer"
import type { Db } from "./db.js"
import type { Logger } from "./logger.js"

export type Mail = { to: string; subject: string; text: string; html: string }
export type Mailer = { send(mail: Mail): Promise<void> }

/** SMTP when configured; otherwise (never in production) the dev outbox table that tests and developers read. */
export function createMailer({ smtpUrl, from, db, logger }: { smtpUrl?: string | undefined; from: string; db: Db; logger: Logger }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail })
      },
    }
  }
  return {
    async send(mail) {
      await db.query("insert into bff.dev_outbox (to_email, subject, text_body, html_body) values ($1, $2, $3, $4)", [
        mail.to.toLowerCase(),
        mail.subject,
        mail.text,
        mail.html,
      ])
      logger.info({ to: mail.to, subject: mail.subject }, "mail kept in the dev outbox")
    },
  }
}

export type OutboxMessage = Mail & { createdAt: string }

export async function readOutbox(db: Db, to: string): Promise<OutboxMessage[]> {
  const { rows } = await db.query<{ to_email: string; subject: string; text_body: string; html_body: string; created_at: Date }>(
    "select to_email, subject, text_body, html_body, created_at from bff.dev_outbox where to_email = $1 order by id desc limit 50",
    [to.toLowerCase()],
  )
  return rows.map((row) => ({ to: row.to_email, subject: row.subject, text: row.text_body, html: row.html_body, createdAt: row.created_at.toISOString() }))
}
