import { Router } from "express"
import { z } from "zod"
import type { Authentication } from "../../http/authenticate.js"
import { notFound } from "../../http/errors.js"
import { noStore } from "../../http/no-store.js"
import { validated } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import { sendJson } from "../../http/send-json.js"
import { deletePost, POST_NOT_FOUND, postAnswer, postById, postIdOf, reportedPosts, restorePost } from "../fitfeed/index.js"

type Options = { db: Db; authentication: Authentication }

/** At most this many reported posts a page. */
const PAGE_MAX = 100

const reportedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})

/** FITFEED review for staff: the posts three reports hid, restored to the feed or removed for good. */
export function adminFitfeedRoutes({ db, authentication }: Options): Router {
  const router = Router()
  const { requireStaff } = authentication

  router.get(
    "/admin/fitfeed/reported",
    requireStaff,
    noStore,
    validated({ query: reportedQuery }, async (_req, res, { query: { limit, offset } }) => {
      res.json(await reportedPosts(db, limit, offset))
    }),
  )

  router.post(
    "/admin/fitfeed/posts/:id/restore",
    requireStaff,
    noStore,
    validated({ params: postIdOf }, async (_req, res, { params: id }) => {
      if (!(await restorePost(db, id))) throw notFound(POST_NOT_FOUND)
      const post = await postById(db, null, id)
      if (!post) throw notFound(POST_NOT_FOUND)
      sendJson(res, postAnswer(post))
    }),
  )

  router.delete(
    "/admin/fitfeed/posts/:id",
    requireStaff,
    validated({ params: postIdOf }, async (_req, res, { params: id }) => {
      if (!(await deletePost(db, id, null))) throw notFound(POST_NOT_FOUND)
      res.status(204).end()
    }),
  )

  return router
}
