import type { MyOrdersAnswer } from "@fitshop/contracts"
import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { requireInternalSecret } from "../../http/internal-secret.js"
import { noStore } from "../../http/no-store.js"
import type { Db } from "../../lib/db.js"
import { ordersOfUser } from "./orders.js"
import { presentOrder } from "./presenter.js"

type Options = {
  db: Db
  authentication: Authentication
  internalSecret: string
  cancel: (orderId: string) => Promise<boolean>
}

export function orderRoutes({ db, authentication, internalSecret, cancel }: Options): Router {
  const router = Router()

  // commerce/ says an order was cancelled in the dashboard; an order the BFF doesn't know is simply acknowledged.
  router.post("/internal/orders/:id/canceled", requireInternalSecret(internalSecret), async (req, res) => {
    await cancel(String(req.params.id))
    res.status(204).end()
  })

  router.get("/orders/mine", authentication.requireUser, noStore, async (req, res) => {
    const orders = await ordersOfUser(db, currentUser(req).id)
    res.json({ orders: orders.map(presentOrder) } satisfies MyOrdersAnswer)
  })
  return router
}
