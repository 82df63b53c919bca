import type { MyOrdersAnswer } from "@fitshop/contracts"
import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { requireInternalSecret } from "../../http/internal-secret.js"
import { noStore } from "../../http/no-store.js"
import type { Db } from "../../lib/db.js"
import { ordersOfUser } from "./orders.js"
import { presentOrder, type OrderAsks } from "./presenter.js"

type Options = {
  db: Db
  authentication: Authentication
  internalSecret: string
  /** RETURN_WINDOW_DAYS: how long after delivery a line may be asked back. */
  returnWindowDays: number
  /** Commerce's notice that an order changed in its dashboard (cancelled, returned): queues reading its state. */
  changed: (orderId: string) => Promise<boolean>
  /** The returns asked on these orders, by order id (the returns feature keeps them). */
  asksOf?: (orderIds: string[]) => Promise<Map<string, OrderAsks>>
}

export function orderRoutes({ db, authentication, internalSecret, returnWindowDays, changed, asksOf }: Options): Router {
  const router = Router()

  // Acknowledged once the job that follows it is queued; an order the BFF doesn't know is simply acknowledged.
  router.post("/internal/orders/:id/changed", requireInternalSecret(internalSecret), async (req, res) => {
    await changed(String(req.params.id))
    res.status(204).end()
  })

  router.get("/orders/mine", authentication.requireUser, noStore, async (req, res) => {
    const orders = await ordersOfUser(db, currentUser(req).id)
    const asks = (await asksOf?.(orders.map((order) => order.id))) ?? new Map<string, OrderAsks>()
    const rules = { returnWindowDays, now: new Date() }
    res.json({ orders: orders.map((order) => presentOrder(order, rules, asks.get(order.id))) } satisfies MyOrdersAnswer)
  })
  return router
}
