import { emailSchema as email } from "@fitshop/contracts"
import { Router } from "express"
import { z } from "zod"
import { noStore } from "../../http/no-store.js"
import { validated } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import { readOutbox } from "../../lib/mailer.js"

const outboxQuery = z.object({ to: email })

/** Development only (never mounted in production or with SMTP): the mail the shop would have sent. */
export function devOutboxRoutes(db: Db): Router {
  const router = Router()
  router.get(
    "/dev/outbox",
    noStore,
    validated({ query: outboxQuery }, async (_req, res, { query }) => {
      res.json({ messages: await readOutbox(db, query.to) })
    }),
  )
  return router
}
