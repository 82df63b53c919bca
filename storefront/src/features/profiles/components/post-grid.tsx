import { Link, useSearchParams } from "react-router-dom"
import { errorMessage } from "@/lib/api-client"
import type { Post } from "@fitshop/contracts"
import { PROFILE_POSTS_PAGE_SIZE, useProfilePosts } from "../api/get-profile-posts"
import { POST_VIEWER_PARAM, viewerOpenedHere } from "../utils/post-viewer-param"

/** Thumbnails are 480 px wide; the grid shows them at 4:5. */
const TILE_WIDTH = 480
const TILE_HEIGHT = 600

const tileAlt = (post: Post) => post.text || post.Product?.title || `Fit by @${post.user.handle}`

function PostTile({ post }: { post: Post }) {
  const [searchParams] = useSearchParams()
  const search = new URLSearchParams(searchParams)
  search.set(POST_VIEWER_PARAM, post.id)
  return (
    <li>
      <Link to={{ search: `?${search.toString()}` }} state={viewerOpenedHere} className="fit-profile__tile">
        <img src={post.thumbnailUrl} alt={tileAlt(post)} width={TILE_WIDTH} height={TILE_HEIGHT} loading="lazy" decoding="async" />
      </Link>
    </li>
  )
}

function GridSkeleton() {
  return (
    <div className="fit-profile__grid" role="status" aria-label="Loading posts">
      {Array.from({ length: PROFILE_POSTS_PAGE_SIZE }, (_, index) => (
        <span key={index} className="fit-profile__tile skeleton" aria-hidden="true" />
      ))}
    </div>
  )
}

/** The profile's posts, 18 at a time with "Load more"; a tile opens the post viewer through ?pv=. */
export function PostGrid({ profileKey }: { profileKey: string }) {
  const posts = useProfilePosts(profileKey)

  if (posts.isPending) return <GridSkeleton />
  // A failed "Load more" keeps the pages already shown; only a failed first page replaces the grid.
  if (!posts.data) {
    return (
      <p className="inline-error" role="alert">
        {errorMessage(posts.error, "Failed to load posts")}
      </p>
    )
  }
  const loaded = posts.data.pages.flatMap((page) => page.posts)
  if (loaded.length === 0) return <p className="empty-state">No posts yet.</p>
  return (
    <>
      <ul className="fit-profile__grid" aria-label="Posts">
        {loaded.map((post) => (
          <PostTile key={post.id} post={post} />
        ))}
      </ul>
      {posts.isFetchNextPageError ? (
        <p className="inline-error" role="alert">
          {errorMessage(posts.error, "Failed to load posts")}
        </p>
      ) : null}
      {posts.hasNextPage ? (
        <button
          type="button"
          className="button fit-profile__more"
          disabled={posts.isFetchingNextPage}
          aria-busy={posts.isFetchingNextPage || undefined}
          onClick={() => {
            void posts.fetchNextPage()
          }}
        >
          Load more
        </button>
      ) : null}
    </>
  )
}
