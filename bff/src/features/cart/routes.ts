import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { notFound } from "../../http/errors.js"
import { parse } from "../../http/validate.js"
import { refPostOf } from "../referrals/visits.js"
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
  router.use(["/cart", "/cart/*path"], authentication.requireUser, (_req, res, next) => {
    res.set("Cache-Control", "no-store")
    next()
  })

  router.get("/cart", async (req, res) => {
    res.json(await bag.view(currentUser(req).id))
  })

  router.post("/cart", async (req, res) => {
    const body = parse(addToBagBody, req.body)
    // The spec's client sends the stored referral as X-Ref-Post on every call; the body's refPostId wins.
    const refPostId = body.refPostId ?? refPostOf(req, "") ?? null
    res.status(201).json(await bag.add(currentUser(req).id, { ...body, refPostId }))
  })

  router.patch("/cart/items/:id", async (req, res) => {
    const { size } = parse(setSizeBody, req.body)
    res.json(await bag.setSize(currentUser(req).id, lineId(req.params), size))
  })

  router.put("/cart/:id", async (req, res) => {
    const { quantity } = parse(setQuantityBody, req.body)
    res.json(await bag.setQuantity(currentUser(req).id, lineId(req.params), quantity))
  })

  router.delete("/cart/:id", async (req, res) => {
    res.json(await bag.remove(currentUser(req).id, lineId(req.params)))
  })

  return router
}
