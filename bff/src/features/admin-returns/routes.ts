import { adminReturnListQuery } from "@fitshop/contracts"
import { Router } from "express"
import type { Authentication } from "../../http/authenticate.js"
import { noStore } from "../../http/no-store.js"
import { validated } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import { presentStaffReturns } from "./presenter.js"
import { staffReturns } from "./queries.js"

type Options = { db: Db; authentication: Authentication }

/** Returns and size exchanges for staff: every ask, newest first, narrowed by status. */
export function adminReturnsRoutes({ db, authentication }: Options): Router {
  const router = Router()
  const { requireStaff } = authentication

  router.get(
    "/admin/returns",
    requireStaff,
    noStore,
    validated({ query: adminReturnListQuery }, async (_req, res, { query }) => {
      res.json(presentStaffReturns(await staffReturns(db, query)))
    }),
  )

  return router
}
