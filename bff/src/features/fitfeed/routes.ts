import express, { Router, type Request } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { badRequest, notFound } from "../../http/errors.js"
import { noStore } from "../../http/no-store.js"
import { rateLimit } from "../../http/rate-limit.js"
import { sendJson } from "../../http/send-json.js"
import { validated } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import type { UploadsService } from "../uploads/index.js"
import { addComment, commentsOf, deleteComment } from "./comments.js"
import { followersOf, setFollow } from "./follows.js"
import { setLike } from "./likes.js"
import { fitfeedLimits } from "./limits.js"
import { createPost } from "./create-post.js"
import { deleteOwnPost, newestPosts, postById, postsByAuthor } from "./posts.js"
import { postAnswer, postsAnswer } from "./presenter.js"
import { profileOf, profileUser } from "./profiles.js"
import { reportPost } from "./reports.js"
import {
  commentBody,
  CREATE_POST_BODY_LIMIT,
  createPostBody,
  decodeCursor,
  DIGITS_ID,
  encodeCursor,
  feedQuery,
  POST_NOT_FOUND,
  profilePostsQuery,
  reportBody,
} from "./schema.js"

type Options = {
  db: Db
  authentication: Authentication
  limiter: RateLimiter
  uploads: UploadsService
  /** Widens the per-address limits (load tests send everything from one address). */
  addressLimitScale?: number
}

/** A post's creation may carry its photo as a data URL; every other FITFEED body is small. */
const createPostBodyParser = express.json({ limit: CREATE_POST_BODY_LIMIT })

/** The one API request whose body (a post with an inline photo) its own route reads, once the sender is checked. */
export const carriesInlinePhoto = (req: Request) => req.method === "POST" && req.path === "/fitfeed/posts"

/** The `:id` of a post or comment route; anything but digits names nothing. */
function digitsParam(params: Record<string, unknown>, message: string): string {
  const id = String(params.id)
  if (!DIGITS_ID.test(id)) throw notFound(message)
  return id
}

/** A post's `:id`, read in a validated route's line. */
export const postIdOf = (params: Record<string, unknown>) => digitsParam(params, POST_NOT_FOUND)

const readerOf = (req: Request) => req.user?.id ?? null

/** The FITFEED API (spec section 7: feed and posts, comments, profiles). */
export function fitfeedRoutes({ db, authentication, limiter, uploads, addressLimitScale = 1 }: Options): Router {
  const router = Router()
  const { optionalUser, requireUser } = authentication
  const limited = (action: Parameters<typeof fitfeedLimits>[0]) => rateLimit(limiter, fitfeedLimits(action, addressLimitScale))

  // GET /fitfeed/feed is answered before Express reaches this router (feed-read.ts).

  router.get(
    "/fitfeed/posts",
    optionalUser,
    noStore,
    validated({ query: feedQuery }, async (req, res, { query }) => {
      sendJson(res, postsAnswer(await newestPosts(db, readerOf(req), query.limit)))
    }),
  )

  router.get("/fitfeed/posts/mine", requireUser, noStore, async (req, res) => {
    const me = currentUser(req).id
    sendJson(res, postsAnswer(await postsByAuthor(db, me, me, 500)))
  })

  router.get("/fitfeed/posts/:id", optionalUser, noStore, async (req, res) => {
    const post = await postById(db, readerOf(req), digitsParam(req.params, POST_NOT_FOUND))
    if (!post) throw notFound(POST_NOT_FOUND)
    sendJson(res, postAnswer(post))
  })

  router.post(
    "/fitfeed/posts",
    requireUser,
    limited("post"),
    createPostBodyParser,
    validated({ body: createPostBody, bare: true }, async (req, res, { body }) => {
      sendJson(res.status(201), postAnswer(await createPost({ db, uploads }, currentUser(req).id, body)))
    }),
  )

  router.delete("/fitfeed/posts/:id", requireUser, async (req, res) => {
    if (!(await deleteOwnPost(db, currentUser(req).id, digitsParam(req.params, POST_NOT_FOUND)))) throw notFound(POST_NOT_FOUND)
    res.json({ deleted: true })
  })

  for (const [method, liked] of [
    ["post", true],
    ["delete", false],
  ] as const) {
    router[method]("/fitfeed/posts/:id/like", requireUser, limited("like"), async (req, res) => {
      const state = await setLike(db, digitsParam(req.params, POST_NOT_FOUND), currentUser(req).id, liked)
      if (!state) throw notFound(POST_NOT_FOUND)
      res.json(state)
    })
  }

  router.post(
    "/fitfeed/posts/:id/report",
    requireUser,
    limited("report"),
    validated({ params: postIdOf, body: reportBody, bare: true }, async (req, res, { params: id, body }) => {
      const me = currentUser(req).id
      const post = await postById(db, me, id)
      if (!post) throw notFound(POST_NOT_FOUND)
      if (post.user_id === me) throw badRequest("You can't report your own post.")
      await reportPost(db, id, me, body.reason)
      res.json({ reported: true })
    }),
  )

  router.get("/fitfeed/posts/:id/comments", optionalUser, noStore, async (req, res) => {
    const comments = await commentsOf(db, digitsParam(req.params, POST_NOT_FOUND), readerOf(req))
    if (!comments) throw notFound(POST_NOT_FOUND)
    res.json({ comments })
  })

  router.post(
    "/fitfeed/posts/:id/comments",
    requireUser,
    limited("comment"),
    validated({ params: postIdOf, body: commentBody, bare: true }, async (req, res, { params: id, body }) => {
      const added = await addComment(db, id, currentUser(req).id, body.text)
      if (!added) throw notFound(POST_NOT_FOUND)
      res.status(201).json(added)
    }),
  )

  router.delete("/fitfeed/comments/:id", requireUser, async (req, res) => {
    const deleted = await deleteComment(db, digitsParam(req.params, "Comment not found"), currentUser(req).id)
    if (!deleted) throw notFound("Comment not found")
    res.json({ deleted: true, ...deleted })
  })

  router.get("/fitfeed/profile/:key", optionalUser, noStore, async (req, res) => {
    const user = await profileUser(db, String(req.params.key))
    if (!user) throw notFound("Profile not found")
    res.json(await profileOf(db, user, readerOf(req)))
  })

  router.get(
    "/fitfeed/profile/:key/posts",
    optionalUser,
    noStore,
    validated({ query: profilePostsQuery }, async (req, res, { query: { limit, cursor: rawCursor } }) => {
      const cursor = rawCursor ? decodeCursor(rawCursor) : undefined
      if (rawCursor && !cursor) throw badRequest("cursor: is not a cursor this server gave")
      const user = await profileUser(db, String(req.params.key))
      if (!user) throw notFound("Profile not found")
      const rows = await postsByAuthor(db, readerOf(req), user.id, limit, cursor)
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      const nextCursor = rows.length > limit && last ? encodeCursor({ createdAtMicros: last.created_at_us, id: last.id }) : null
      sendJson(res, postsAnswer(page, { nextCursor }))
    }),
  )

  for (const [method, following] of [
    ["post", true],
    ["delete", false],
  ] as const) {
    router[method]("/fitfeed/follow/:userId", requireUser, limited("follow"), async (req, res) => {
      const me = currentUser(req).id
      const target = await profileUser(db, String(req.params.userId))
      if (!target || target.id !== String(req.params.userId).toLowerCase()) throw notFound("Profile not found")
      if (target.id === me) throw badRequest("You can't follow yourself.")
      await setFollow(db, me, target.id, following)
      res.json({ isFollowing: following, followers: await followersOf(db, target.id) })
    })
  }

  return router
}
