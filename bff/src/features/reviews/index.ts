import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { UploadsService } from "../uploads/index.js"
import { REVIEWS_PAGE_SIZE } from "@fitshop/contracts"
import { reviewsPage } from "./reviews-page.js"
import { reviewsRead } from "./reviews-read.js"
import { carriesReviewPhoto, reviewRoutes } from "./routes.js"
import { reviewSummary } from "./summary.js"
import { reviewsAfterReturn, reviewsOfEndedOrder } from "./withdrawals.js"

/** What the invitation to review (order-messages), the hidden notice and an account's deletion read of reviews. */
export { removeReviewsOf, reviewsOfAccount } from "./account.js"
export { productsToReview } from "./invitations.js"
export { reviewForStaff } from "./moderation.js"
export { reviewSummary } from "./summary.js"

type Deps = Pick<SharedDeps, "db" | "logger" | "authentication" | "limiter" | "events"> & { uploads: UploadsService }

/**
 * Ratings, reviews and fit advice from buyers who received the piece and kept it: their routes and staff's moderation;
 * the product answer's rating and fit verdict (the bus's reviewSummary); reviews leave with a purchase that comes back.
 */
export function reviewsModule({ db, logger, authentication, limiter, events, uploads }: Deps): FeatureModule {
  return {
    routes: reviewRoutes({ db, authentication, limiter, uploads, events }),
    early: [reviewsRead({ db, authentication, logger })],
    readsOwnBody: carriesReviewPhoto,
    answers: {
      reviewSummary: (productId) => reviewSummary(db, productId),
      firstReviews: (productId) => reviewsPage(db, null, productId, { limit: REVIEWS_PAGE_SIZE, filter: {} }),
    },
    listens: { order: reviewsOfEndedOrder, return: reviewsAfterReturn },
  }
}
