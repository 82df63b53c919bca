import { deleteAccountBody, type DeleteAccountAnswer } from "@fitshop/contracts"
import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { noStore } from "../../http/no-store.js"
import { perUserAndAddress, rateLimit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import { indiaDay } from "../../lib/india-time.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { DELETION_TEXTS, type AccountDeletion } from "./deletion.js"
import type { accountExport } from "./export.js"

const HOUR = 60 * 60_000
/** The deletion checks a password: a few tries a person, as sign-in allows, so a stolen session can't guess it. */
const DELETE_LIMITS = perUserAndAddress("account-delete", HOUR, 5, 20)
/** An export reads every table and Medusa's addresses: plenty for a person, little for a script. */
const EXPORT_LIMITS = perUserAndAddress("account-export", HOUR, 10, 50)

type Options = {
  authentication: Authentication
  limiter: RateLimiter
  exportOf: ReturnType<typeof accountExport>
  deletion: AccountDeletion
}

/** GET /api/account/export (a JSON file to keep) and POST /api/account/delete (with the password): the person's data rights. */
export function accountDataRoutes({ authentication, limiter, exportOf, deletion }: Options): Router {
  const router = Router()

  router.get("/account/export", authentication.requireUser, rateLimit(limiter, EXPORT_LIMITS), noStore, async (req, res) => {
    const now = new Date()
    const data = await exportOf(currentUser(req).id, now)
    res
      .type("application/json")
      .set("Content-Disposition", `attachment; filename="buildyourfit-export-${indiaDay(now.getTime())}.json"`)
      .send(JSON.stringify(data, null, 2))
  })

  router.post(
    "/account/delete",
    authentication.requireUser,
    rateLimit(limiter, DELETE_LIMITS),
    noStore,
    validated({ body: deleteAccountBody, bare: true }, async (req, res, { body }) => {
      await deletion.deleteAccount(currentUser(req).id, body.password)
      const answer: DeleteAccountAnswer = { deleted: true, message: DELETION_TEXTS.deleted }
      res.clearCookie("refresh_token", { path: "/api/auth" }).json(answer)
    }),
  )
  return router
}
