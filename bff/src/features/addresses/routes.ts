import type { AddressAnswer, AddressesAnswer } from "@fitshop/contracts"
import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { noStore } from "../../http/no-store.js"
import { rateLimit } from "../../http/rate-limit.js"
import { newAddressLimits } from "./limits.js"
import { validated } from "../../http/validate.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { presentAddress } from "./presenter.js"
import { addressBody, addressIdOf, addressPatchBody } from "./schema.js"
import type { AddressService } from "./service.js"

type Options = { addresses: AddressService; authentication: Authentication; limiter: RateLimiter }

/** The shopper's address book: GET/POST /addresses, PUT/PATCH/DELETE /addresses/:id, POST /addresses/:id/default. */
export function addressRoutes({ addresses, authentication, limiter }: Options): Router {
  const router = Router()
  const { requireUser } = authentication
  const creating = rateLimit(limiter, newAddressLimits())

  router.get("/addresses", requireUser, noStore, async (req, res) => {
    const list = await addresses.list(currentUser(req).id)
    res.json({ addresses: list.map(presentAddress) } satisfies AddressesAnswer)
  })

  router.post(
    "/addresses",
    requireUser,
    creating,
    validated({ body: addressBody }, async (req, res, { body }) => {
      const address = await addresses.create(currentUser(req).id, body)
      res.status(201).json({ address: presentAddress(address) } satisfies AddressAnswer)
    }),
  )

  router.put(
    "/addresses/:id",
    requireUser,
    validated({ params: addressIdOf, body: addressBody }, async (req, res, { params: id, body }) => {
      res.json({ address: presentAddress(await addresses.replace(currentUser(req).id, id, body)) } satisfies AddressAnswer)
    }),
  )

  router.patch(
    "/addresses/:id",
    requireUser,
    validated({ params: addressIdOf, body: addressPatchBody }, async (req, res, { params: id, body }) => {
      res.json({ address: presentAddress(await addresses.patch(currentUser(req).id, id, body)) } satisfies AddressAnswer)
    }),
  )

  router.delete("/addresses/:id", requireUser, async (req, res) => {
    await addresses.remove(currentUser(req).id, addressIdOf(req.params))
    res.status(204).end()
  })

  router.post("/addresses/:id/default", requireUser, async (req, res) => {
    const address = await addresses.makeDefault(currentUser(req).id, addressIdOf(req.params))
    res.json({ address: presentAddress(address) } satisfies AddressAnswer)
  })

  return router
}
