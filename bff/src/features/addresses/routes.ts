import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { parse } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import type { Commerce } from "../../lib/medusa.js"
import { usersRepository } from "../users/repository.js"
import { presentAddress } from "./presenter.js"
import { addressesRepository } from "./repository.js"
import { addressBody, addressIdOf, addressPatchBody } from "./schema.js"
import { addressService } from "./service.js"

type Options = { db: Db; commerce: Commerce; authentication: Authentication }

/** The shopper's address book: GET/POST /addresses, PUT/PATCH/DELETE /addresses/:id, POST /addresses/:id/default. */
export function addressRoutes({ db, commerce, authentication }: Options): Router {
  const router = Router()
  const addresses = addressService(usersRepository(db), addressesRepository(commerce))
  const { requireUser } = authentication

  router.get("/addresses", requireUser, async (req, res) => {
    const list = await addresses.list(currentUser(req).id)
    res.set("Cache-Control", "no-store").json({ addresses: list.map(presentAddress) })
  })

  router.post("/addresses", requireUser, async (req, res) => {
    const address = await addresses.create(currentUser(req).id, parse(addressBody, req.body))
    res.status(201).json({ address: presentAddress(address) })
  })

  router.put("/addresses/:id", requireUser, async (req, res) => {
    const address = await addresses.replace(currentUser(req).id, addressIdOf(req.params), parse(addressBody, req.body))
    res.json({ address: presentAddress(address) })
  })

  router.patch("/addresses/:id", requireUser, async (req, res) => {
    const address = await addresses.patch(currentUser(req).id, addressIdOf(req.params), parse(addressPatchBody, req.body))
    res.json({ address: presentAddress(address) })
  })

  router.delete("/addresses/:id", requireUser, async (req, res) => {
    await addresses.remove(currentUser(req).id, addressIdOf(req.params))
    res.status(204).end()
  })

  router.post("/addresses/:id/default", requireUser, async (req, res) => {
    const address = await addresses.makeDefault(currentUser(req).id, addressIdOf(req.params))
    res.json({ address: presentAddress(address) })
  })

  return router
}
