import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import type { Db } from "../../lib/db.js"
import { darkCoinsBalance } from "./ledger.js"

type Options = { db: Db; authentication: Authentication }

export function walletRoutes({ db, authentication }: Options): Router {
  const router = Router()

  router.get("/wallet/mine", authentication.requireUser, async (req, res) => {
    res.set("Cache-Control", "no-store").json({ darkCoins: await darkCoinsBalance(db, currentUser(req).id) })
  })

  return router
}
