import { orderIdSchema, returnRequestSchema, type ReturnCreated } from "@fitshop/contracts"
import { Router } from "express"
import { z } from "zod"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { perUserAndAddress, rateLimit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import type { returnAsks } from "./ask.js"

const orderParams = z.object({ orderId: orderIdSchema })

const HOUR = 60 * 60_000
/** A shopper returns a few lines a week; more in an hour is a script. */
const ASKS_PER_HOUR = 20

type Options = { authentication: Authentication; limiter: RateLimiter; ask: ReturnType<typeof returnAsks> }

/** POST /orders/:orderId/returns: the shopper asks to return or exchange lines of a delivered order. */
export function returnRoutes({ authentication, limiter, ask }: Options): Router {
  const router = Router()
  const asking = rateLimit(limiter, perUserAndAddress("returns", HOUR, ASKS_PER_HOUR, ASKS_PER_HOUR * 10))

  router.post(
    "/orders/:orderId/returns",
    authentication.requireUser,
    asking,
    validated({ params: orderParams, body: returnRequestSchema }, async (req, res, { params, body }) => {
      const created = await ask(currentUser(req).id, params.orderId, body)
      res.status(201).json({ id: created.id, status: created.status, pickupDate: created.pickupDate } satisfies ReturnCreated)
    }),
  )
  return router
}
