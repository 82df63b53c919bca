import {
  adminReviewListQuery,
  createReviewBody,
  hideReviewBody,
  REVIEW_ID_PATTERN,
  REVIEW_NOT_FOUND,
  reviewReportBody,
  updateReviewBody,
} from "@fitshop/contracts"
import express, { Router, type Request } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { badRequest, notFound } from "../../http/errors.js"
import { noStore } from "../../http/no-store.js"
import { perUserAndAddress, rateLimit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import type { EventBus } from "../../lib/event-bus.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { productIdParams, productsByIds } from "../catalog/index.js"
import { CREATE_POST_BODY_LIMIT } from "../fitfeed/index.js"
import type { UploadsService } from "../uploads/index.js"
import { hideReview, reportReview, restoreReview, reviewForStaff, reviewsForStaff } from "./moderation.js"
import { reviewById, reviewOfAuthor } from "./repository.js"
import { sizeHintFor } from "./size-hint.js"
import { createReview, editReview, withdrawOwnReview } from "./write-review.js"

type Options = {
  db: Db
  authentication: Authentication
  limiter: RateLimiter
  uploads: UploadsService
  events: Pick<EventBus, "review">
}

const HOUR = 3_600_000
/** Per person: reviews and edits an hour, reports a day, generous for people and tight for scripts; an address is ten people's worth. */
const WRITE_LIMITS = perUserAndAddress("review-write", HOUR, 20, 200)
const REPORT_LIMITS = perUserAndAddress("review-report", 24 * HOUR, 20, 200)

/** A review's creation or edit may carry its photo inline, as a post's; its own route reads that body. */
const photoBodyParser = express.json({ limit: CREATE_POST_BODY_LIMIT })
export const carriesReviewPhoto = (req: Request) =>
  (req.method === "POST" && /^\/products\/[^/]+\/reviews$/.test(req.path)) || (req.method === "PATCH" && /^\/reviews\/[^/]+$/.test(req.path))

/** A review's `:id`: digits, or it names nothing. */
function reviewIdOf(params: Record<string, unknown>): string {
  const id = String(params.id)
  if (!REVIEW_ID_PATTERN.test(id)) throw notFound(REVIEW_NOT_FOUND)
  return id
}

/** Reviews of what buyers kept (issue 45): reading a product's, writing, editing and withdrawing one's own, reporting, staff's moderation. */
export function reviewRoutes({ db, authentication, limiter, uploads, events }: Options): Router {
  const router = Router()
  const { optionalUser, requireUser, requireStaff } = authentication

  // GET /products/:id/reviews is answered before Express reaches this router (reviews-read.ts).

  router.get(
    "/products/:id/reviews/mine",
    requireUser,
    noStore,
    validated({ params: productIdParams }, async (req, res, { params: { id } }) => {
      res.json({ review: (await reviewOfAuthor(db, currentUser(req).id, id))?.review ?? null })
    }),
  )

  router.post(
    "/products/:id/reviews",
    requireUser,
    rateLimit(limiter, WRITE_LIMITS),
    photoBodyParser,
    validated({ params: productIdParams, body: createReviewBody, bare: true }, async (req, res, { params: { id }, body }) => {
      res.status(201).json({ review: (await createReview({ db, uploads }, currentUser(req).id, id, body)).review })
    }),
  )

  router.patch(
    "/reviews/:id",
    requireUser,
    rateLimit(limiter, WRITE_LIMITS),
    photoBodyParser,
    validated({ params: reviewIdOf, body: updateReviewBody, bare: true }, async (req, res, { params: id, body }) => {
      res.json({ review: (await editReview({ db, uploads }, currentUser(req).id, id, body)).review })
    }),
  )

  router.delete(
    "/reviews/:id",
    requireUser,
    validated({ params: reviewIdOf }, async (req, res, { params: id }) => {
      await withdrawOwnReview(db, currentUser(req).id, id)
      res.json({ withdrawn: true })
    }),
  )

  router.post(
    "/reviews/:id/report",
    requireUser,
    rateLimit(limiter, REPORT_LIMITS),
    validated({ params: reviewIdOf, body: reviewReportBody, bare: true }, async (req, res, { params: id, body }) => {
      const me = currentUser(req).id
      const review = await reviewById(db, me, id)
      if (!review) throw notFound(REVIEW_NOT_FOUND)
      if (review.userId === me) throw badRequest("You can't report your own review.")
      if (!(await reportReview({ db, events }, id, me, body.reason))) throw notFound(REVIEW_NOT_FOUND)
      res.json({ reported: true })
    }),
  )

  router.get(
    "/products/:id/size-hint",
    optionalUser,
    noStore,
    validated({ params: productIdParams }, async (req, res, { params: { id } }) => {
      const product = (await productsByIds(db, [id])).get(id)
      if (!product) throw notFound("Product not found")
      res.json({ hint: req.user ? await sizeHintFor(db, req.user.id, product) : null })
    }),
  )

  router.get(
    "/admin/reviews",
    requireStaff,
    noStore,
    validated({ query: adminReviewListQuery }, async (_req, res, { query: { state, limit, offset } }) => {
      res.json(await reviewsForStaff(db, state, limit, offset))
    }),
  )

  router.post(
    "/admin/reviews/:id/hide",
    requireStaff,
    noStore,
    validated({ params: reviewIdOf, body: hideReviewBody, bare: true }, async (_req, res, { params: id, body }) => {
      if (!(await hideReview({ db, events }, id, body.reason))) throw notFound(REVIEW_NOT_FOUND)
      res.json({ review: await reviewForStaff(db, id) })
    }),
  )

  router.post(
    "/admin/reviews/:id/restore",
    requireStaff,
    noStore,
    validated({ params: reviewIdOf }, async (_req, res, { params: id }) => {
      if (!(await restoreReview(db, id))) throw notFound(REVIEW_NOT_FOUND)
      res.json({ review: await reviewForStaff(db, id) })
    }),
  )

  return router
}
