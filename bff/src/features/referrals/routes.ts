import { Router } from "express"
import { notFound } from "../../http/errors.js"
import type { Db } from "../../lib/db.js"
import { DIGITS_ID, postAttribution } from "../fitfeed/index.js"

/** `GET /api/refs/{id}`: what a shared link points at, for anyone. */
export function referralRoutes({ db }: { db: Db }): Router {
  const router = Router()
  router.get("/refs/:id", async (req, res) => {
    const id = String(req.params.id)
    const post = DIGITS_ID.test(id) ? await postAttribution(db, id) : undefined
    if (!post || post.hidden) throw notFound("That shared link points at no post.")
    res.set("Cache-Control", "public, max-age=60").json({ postId: id, productId: post.productId, author: { handle: post.authorHandle } })
  })
  return router
}
