import { useId, useState } from "react"
import { Link } from "react-router-dom"
import { Dialog } from "@/components/ui/dialog"
import { FormError } from "@/components/ui/form-error"
import { LoadingLine, ReadError } from "@/components/ui/read-status"
import { paths } from "@/config/paths"
import { errorMessage } from "@/lib/api-client"
import type { Post } from "@fitshop/contracts"
import { useDeletePost } from "../api/delete-post"
import { useMyPosts } from "@/lib/api/get-my-posts"

/** Post thumbnails are 480 px wide, shown at 4:5. */
const THUMBNAIL_WIDTH = 480
const THUMBNAIL_HEIGHT = 600

/** What a post is listed under: the product it is about. */
export const postTitle = (post: Post) => post.Product?.title ?? "FitFeed post"

/** A post's small picture; the Earnings tab lists posts with it too. */
export function PostThumbnail({ post }: { post: Post }) {
  return (
    <div className="order-card__media">
      <img src={post.thumbnailUrl} alt="" width={THUMBNAIL_WIDTH} height={THUMBNAIL_HEIGHT} loading="lazy" decoding="async" />
    </div>
  )
}

const countOf = (count: number, one: string, many: string) => `${String(count)} ${count === 1 ? one : many}`

type MyPostCardProps = {
  post: Post
  busy: boolean
  onDelete: () => void
}

function MyPostCard({ post, busy, onDelete }: MyPostCardProps) {
  const titleId = useId()
  return (
    <li className="order-card" aria-labelledby={titleId}>
      <div className="order-card__item">
        <PostThumbnail post={post} />
        <div className="order-card__item-text">
          <h3 id={titleId} className="order-card__item-title">
            {postTitle(post)}
          </h3>
          {post.text ? <p className="order-card__meta">{post.text}</p> : null}
          <p className="order-card__meta muted">{`${countOf(post.likeCount, "like", "likes")} · ${countOf(post.commentCount, "comment", "comments")}`}</p>
          {post.underReview ? (
            <p className="order-card__meta">
              <span className="badge">Under review</span>
            </p>
          ) : null}
        </div>
      </div>
      <div className="address-card__actions">
        <Link className="text-link" to={paths.fitfeedHighlight(post.id)} aria-describedby={titleId}>
          View
        </Link>
        <button type="button" className="text-button" aria-describedby={titleId} disabled={busy} onClick={onDelete}>
          Delete
        </button>
      </div>
    </li>
  )
}

type ConfirmDeleteProps = {
  post: Post | null
  onCancel: () => void
  onConfirm: (post: Post) => void
}

function ConfirmDelete({ post, onCancel, onConfirm }: ConfirmDeleteProps) {
  const textId = useId()
  return (
    <Dialog open={post !== null} onClose={onCancel} title="Delete post?" className="dialog--prompt" describedBy={textId}>
      <p id={textId} className="dialog__text">
        {post ? `Your post about ${postTitle(post)} will be removed from FitFeed.` : null}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            if (post) onConfirm(post)
          }}
        >
          Delete
        </button>
      </div>
    </Dialog>
  )
}

/** The account's FitFeed tab: the shopper's own posts (under review ones marked), each viewable and deletable. */
export function FitfeedTab() {
  const posts = useMyPosts()
  const remove = useDeletePost()
  const [confirming, setConfirming] = useState<Post | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const deletePost = (post: Post) => {
    setConfirming(null)
    setFailure(null)
    remove.mutate(post.id, {
      onError: (error) => {
        setFailure(errorMessage(error, "Could not delete post"))
      },
    })
  }

  if (posts.isPending) {
    return <LoadingLine>Loading posts…</LoadingLine>
  }
  if (posts.isError) {
    return <ReadError error={posts.error} fallback="Failed to load posts" />
  }
  if (posts.data.posts.length === 0) {
    return (
      <div className="empty-state">
        <p>You haven’t posted a fit yet.</p>
        <Link to={paths.fitfeed} className="button">
          Go to FitFeed
        </Link>
      </div>
    )
  }
  return (
    <>
      <FormError message={failure} />
      <ul className="order-list" aria-label="Your posts">
        {posts.data.posts.map((post) => (
          <MyPostCard
            key={post.id}
            post={post}
            busy={remove.isPending}
            onDelete={() => {
              setConfirming(post)
            }}
          />
        ))}
      </ul>
      <ConfirmDelete
        post={confirming}
        onCancel={() => {
          setConfirming(null)
        }}
        onConfirm={deletePost}
      />
    </>
  )
}
