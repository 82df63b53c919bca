import { adminJobListQuery, type RetriedJob } from "@fitshop/contracts"
import { Router } from "express"
import type { Authentication } from "../../http/authenticate.js"
import { notFound } from "../../http/errors.js"
import { noStore } from "../../http/no-store.js"
import { validated } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import { failedJobs, retryFailedJob } from "../../lib/jobs.js"
import { presentFailedJobs } from "./presenter.js"
import { jobIdParams } from "./schema.js"

type Options = { db: Db; authentication: Authentication }

const NO_FAILED_JOB = "No failed job has that id."

/** Background jobs for staff: the failed ones, each put back in its queue on request. */
export function adminJobsRoutes({ db, authentication }: Options): Router {
  const router = Router()
  const { requireStaff } = authentication

  router.get(
    "/admin/jobs",
    requireStaff,
    noStore,
    validated({ query: adminJobListQuery }, async (_req, res, { query: { limit, offset } }) => {
      res.json(presentFailedJobs(await failedJobs(db, { limit, offset })))
    }),
  )

  router.post(
    "/admin/jobs/:id/retry",
    requireStaff,
    noStore,
    validated({ params: jobIdParams }, async (_req, res, { params: { id } }) => {
      const job = await retryFailedJob(db, id)
      if (!job) throw notFound(NO_FAILED_JOB)
      const answer: RetriedJob = job
      res.status(202).json(answer)
    }),
  )

  return router
}
