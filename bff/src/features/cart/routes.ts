import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { notFound } from "../../http/errors.js"
import { noStore } from "../../http/no-store.js"
import { validated } from "../../http/validate.js"
import { refPostOf } from "../referrals/index.js"
import type { BagService } from "./bag.js"
import { addToBagBody, bagLineParams, setQuantityBody, setSizeBody } from "./schema.js"

/** A line id that can't be one of ours is simply not in this shopper's bag. */
function lineId(params: unknown): string {
  const parsed = bagLineParams.safeParse(params)
  if (!parsed.success) throw notFound("That item is not in your bag.")
  return parsed.data.id
}

export function cartRoutes({ bag, authentication }: { bag: BagService; authentication: Authentication }): Router {
  const router = Router()
  const { requireUser } = authentication

  router.get("/cart", requireUser, noStore, async (req, res) => {
    res.json(await bag.view(currentUser(req).id))
  })

  router.post(
    "/cart",
    requireUser,
    noStore,
    validated({ body: addToBagBody }, async (req, res, { body }) => {
      // The spec's client sends the stored referral as X-Ref-Post on every call; the body's refPostId wins.
      const refPostId = body.refPostId ?? refPostOf(req, "") ?? null
      res.status(201).json(await bag.add(currentUser(req).id, { ...body, refPostId }))
    }),
  )

  // The body is read before the line id, so a wrong body is a 400 whatever the id.
  router.patch(
    "/cart/items/:id",
    requireUser,
    noStore,
    validated({ body: setSizeBody }, async (req, res, { body }) => {
      res.json(await bag.setSize(currentUser(req).id, lineId(req.params), body.size))
    }),
  )

  router.put(
    "/cart/:id",
    requireUser,
    noStore,
    validated({ body: setQuantityBody }, async (req, res, { body }) => {
      res.json(await bag.setQuantity(currentUser(req).id, lineId(req.params), body.quantity))
    }),
  )

  router.delete("/cart/:id", requireUser, noStore, async (req, res) => {
    res.json(await bag.remove(currentUser(req).id, lineId(req.params)))
  })

  return router
}
