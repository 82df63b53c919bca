import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import type { Db } from "../../lib/db.js"
import { ordersOfUser } from "./orders.js"
import { presentOrder } from "./presenter.js"

export function orderRoutes({ db, authentication }: { db: Db; authentication: Authentication }): Router {
  const router = Router()
  router.get("/orders/mine", authentication.requireUser, async (req, res) => {
    const orders = await ordersOfUser(db, currentUser(req).id)
    res.set("Cache-Control", "no-store").json({ orders: orders.map(presentOrder) })
  })
  return router
}
