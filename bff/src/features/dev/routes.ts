import { Router } from "express"
import { z } from "zod"
import { parse } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import { readOutbox } from "../../lib/mailer.js"
import { email } from "../users/schema.js"

/** Development only (never mounted in production or with SMTP): the mail the shop would have sent. */
export function devOutboxRoutes(db: Db): Router {
  const router = Router()
  router.get("/dev/outbox", async (req, res) => {
    const { to } = parse(z.object({ to: email }), req.query)
    res.set("Cache-Control", "no-store").json({ messages: await readOutbox(db, to) })
  })
  return router
}
