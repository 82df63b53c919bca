import { Link } from "react-router-dom"
import { BRAND_NAME } from "@/config/brand"
import type { Post } from "@fitshop/contracts"
import { FITFEED_PREVIEW_LIMIT, useFitfeedPreview } from "../api/get-fitfeed-preview"
import { fitfeedHighlightHref, rememberFitfeedHighlight } from "../utils/fitfeed-highlight"

/** Tiles show the 480 px thumbnail; the full picture only when a post has no thumbnail. */
const tileImageUrl = (post: Post) => post.thumbnailUrl || post.imageUrl || null

function postAlt(post: Post): string {
  if (post.text) return post.text
  const author = post.user.name || post.user.handle
  return author ? `Fit posted by ${author}` : "FitFeed post"
}

function FeedPostTile({ post }: { post: Post }) {
  const imageUrl = tileImageUrl(post)
  const { handle } = post.user

  return (
    <Link
      to={fitfeedHighlightHref(post.id)}
      className="home-feed-tile"
      data-testid="fitfeed-tile"
      onClick={() => {
        rememberFitfeedHighlight(post.id)
      }}
    >
      {imageUrl ? (
        <img src={imageUrl} alt={postAlt(post)} width={480} height={600} loading="lazy" decoding="async" />
      ) : (
        <span className="home-feed-tile__text">{post.text || postAlt(post)}</span>
      )}
      {handle ? <span className="home-feed-tile__handle">@{handle}</span> : null}
    </Link>
  )
}

function FeedGridSkeleton() {
  return (
    <div className="home-feed-grid" role="status" aria-label="Loading FitFeed">
      {Array.from({ length: FITFEED_PREVIEW_LIMIT }, (_, index) => (
        <span key={index} className="home-feed-tile skeleton" aria-hidden="true" />
      ))}
    </div>
  )
}

/** The latest FitFeed posts; until the feed answers with posts, an honest empty state instead. */
export function FitfeedLive() {
  const preview = useFitfeedPreview()
  const posts = preview.data ?? []

  return (
    <section className="home-section" aria-labelledby="fitfeed-live-heading">
      <div className="home-section__head">
        <h2 id="fitfeed-live-heading" className="home-section__title">
          <span className="home-live-dot" aria-hidden="true" />
          FITFEED LIVE
        </h2>
      </div>
      <p className="home-section__lead">Tag #{BRAND_NAME}Fit to get featured</p>
      {preview.isPending ? (
        <FeedGridSkeleton />
      ) : posts.length > 0 ? (
        <ul className="home-feed-grid">
          {posts.map((post) => (
            <li key={post.id}>
              <FeedPostTile post={post} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state home-feed-empty">No fits posted yet.</p>
      )}
    </section>
  )
}
