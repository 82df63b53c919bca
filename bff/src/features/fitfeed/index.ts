import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { UploadsService } from "../uploads/index.js"
import { feedRead } from "./feed-read.js"
import { carriesInlinePhoto, fitfeedRoutes } from "./routes.js"
import { refreshTrending } from "./trending.js"

/** What staff's review and referrals use of FITFEED's posts. */
export { deletePost, postAttribution, postById, postsAfterReturn, withdrawPostsOfOrder } from "./posts.js"
export { postAnswer } from "./presenter.js"
/** What an account's deletion (account-data) takes out of the feed. */
export { removeMember } from "./departure.js"
/** What the search-engine pages (seo: link previews, the sitemap) read of posts and profiles. */
export { profilesWithPosts, publicPost, publicProfile } from "./public-pages.js"
export { reportedPosts, restorePost } from "./review.js"
/** Who may help hide a post or a review by reporting it, and how many such reports hide it. */
export { REPORTS_TO_HIDE, TRUSTED_REPORTER } from "./reports.js"
export { postIdOf } from "./routes.js"
export { CREATE_POST_BODY_LIMIT, DIGITS_ID, POST_NOT_FOUND } from "./schema.js"

type Deps = Pick<SharedDeps, "db" | "logger" | "authentication" | "limiter"> & {
  config: Pick<Config, "FITFEED_ADDRESS_LIMIT_SCALE">
  uploads: UploadsService
}

/** The outfit feed: posts, likes, comments, follows and profiles; its feed is answered before Express. */
export function fitfeedModule({ config, db, logger, authentication, limiter, uploads }: Deps): FeatureModule {
  return {
    routes: fitfeedRoutes({ db, authentication, limiter, uploads, addressLimitScale: config.FITFEED_ADDRESS_LIMIT_SCALE }),
    early: [feedRead({ db, authentication, logger })],
    readsOwnBody: carriesInlinePhoto,
    // Marks the posts liked unusually often in the last 24 hours; answers how many trend.
    schedules: [{ name: "trending refresh", everyMs: 60_000, run: () => refreshTrending(db) }],
  }
}
