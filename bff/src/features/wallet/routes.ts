import type { LedgerPage } from "@fitshop/contracts"
import { Router } from "express"
import { z } from "zod"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { noStore } from "../../http/no-store.js"
import { validated } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import { darkCoinsBalance, ledgerEntries, pendingCoins } from "./ledger.js"

const PAGE = "must be a whole number from 1 to 100"

const ledgerQuery = z.object({
  limit: z.coerce.number({ error: PAGE }).int(PAGE).min(1, PAGE).max(100, PAGE).default(50),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, "is not a cursor this server gave")
    .optional(),
})

type Options = { db: Db; authentication: Authentication }

export function walletRoutes({ db, authentication }: Options): Router {
  const router = Router()

  router.get("/wallet/mine", authentication.requireUser, noStore, async (req, res) => {
    res.json({ darkCoins: await darkCoinsBalance(db, currentUser(req).id) })
  })

  /** Every entry with when, why, which order and whether it counts yet: earnings, spends and reversals, newest first. */
  router.get(
    "/wallet/ledger",
    authentication.requireUser,
    noStore,
    validated({ query: ledgerQuery }, async (req, res, { query: { limit, cursor } }) => {
      const userId = currentUser(req).id
      const [balance, pending, entries] = await Promise.all([
        darkCoinsBalance(db, userId),
        pendingCoins(db, userId),
        ledgerEntries(db, userId, limit + 1, cursor),
      ])
      const page = entries.slice(0, limit)
      res.json({ balance, pendingCoins: pending, entries: page, nextCursor: entries.length > limit ? page.at(-1)!.id : null } satisfies LedgerPage)
    }),
  )

  return router
}
