import { useRef, useState } from "react"
import { Link } from "react-router-dom"
import { Avatar } from "@/components/ui/avatar"
import { paths } from "@/config/paths"
import { useTimeouts } from "@/hooks/use-timeouts"
import { useSession } from "@/lib/auth"
import type { Post } from "@fitshop/contracts"
import { CommentIcon, HeartIcon } from "./icons"
import { PostMenu } from "./post-menu"
import { ReportDialog } from "./report-dialog"
import { postProductPath, sharePost } from "../utils/share-post"
import { SignInIntentDialog } from "./sign-in-intent-dialog"
import { TimeAgo } from "./time-ago"
import { useLikePost } from "../hooks/use-like-post"
import "../post-card.css"

/** Spec section 9: two taps on the picture within 300 ms toggle the like. */
export const DOUBLE_TAP_MS = 300
/** How long the heart shows after a double tap. */
const HEART_BURST_MS = 800
/** Posts are at most 1350 px on their long side; 4:5 is the usual portrait fit picture. */
const IMAGE_WIDTH = 1080
const IMAGE_HEIGHT = 1350

export type PostCardProps = {
  post: Post
  highlighted?: boolean
  onOpenComments(post: Post): void
  onRequireSignIn(intent: "like" | "comment", post: Post): void
  /** The first card on screen loads its picture at once; the others wait until they near the viewport. */
  priority?: boolean
}

const profilePath = (post: Post) => paths.fitProfile(post.user.handle ? `@${post.user.handle}` : post.user.id)

/**
 * "Verified buyer · Size M": what the author bought, so readers can judge the fit; "Size M" alone once the purchase
 * came back in part (and nothing when there is nothing to say).
 */
export function fitNote(post: Pick<Post, "sizeBought" | "verifiedBuyer">): string | null {
  const size = post.sizeBought ? `Size ${post.sizeBought}` : null
  if (!post.verifiedBuyer) return size
  return size ? `Verified buyer · ${size}` : "Verified buyer"
}

function postAlt(post: Post): string {
  const product = post.Product?.title
  return product ? `${post.user.name} wearing ${product}` : `Fit posted by ${post.user.name}`
}

/** One FITFEED post: author, picture with caption, fit note, like, comments, product link and the ⋯ menu. */
export function PostCard({ post, highlighted = false, onOpenComments, onRequireSignIn, priority = false }: PostCardProps) {
  const { isSignedIn } = useSession()
  const like = useLikePost(post, () => {
    onRequireSignIn("like", post)
  })
  const lastTap = useRef(0)
  const [heart, setHeart] = useState(0)
  const { schedule } = useTimeouts()
  const [reportOpen, setReportOpen] = useState(false)
  const [reportSignIn, setReportSignIn] = useState(false)

  const toggleLike = () => {
    if (!isSignedIn) {
      onRequireSignIn("like", post)
      return
    }
    like.setLiked()
  }

  const onPictureTap = () => {
    const now = Date.now()
    if (now - lastTap.current > DOUBLE_TAP_MS) {
      lastTap.current = now
      return
    }
    lastTap.current = 0
    if (isSignedIn && !like.likedByMe) {
      setHeart((value) => value + 1)
      schedule(() => {
        setHeart(0)
      }, HEART_BURST_MS)
    }
    toggleLike()
  }

  const classes = ["post-card", highlighted ? "post-card--highlighted" : null].filter(Boolean).join(" ")

  return (
    <article className={classes} aria-label={`Fit by ${post.user.name}`}>
      <header className="post-card__head">
        <Link to={profilePath(post)} className="post-card__author">
          <Avatar user={post.user} size={36} className="post-card__avatar" />
          <span className="post-card__name">{post.user.name}</span>
        </Link>
        <TimeAgo iso={post.createdAt} className="post-card__time" />
        <PostMenu
          items={[
            {
              label: "Share",
              onSelect: () => {
                void sharePost(post)
              },
            },
            {
              label: "Report",
              onSelect: () => {
                if (isSignedIn) setReportOpen(true)
                else setReportSignIn(true)
              },
            },
          ]}
        />
      </header>
      {/* A double tap on the picture likes it, as in other feeds; the like button does the same for keyboards and screen readers. */}
      <div role="presentation" className="post-card__media" data-testid="post-picture" onClick={onPictureTap}>
        <img
          src={post.imageUrl}
          alt={postAlt(post)}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          draggable={false}
        />
        <div className="post-card__badges">
          {post.trending ? <span className="post-card__badge post-card__badge--trending">Trending</span> : null}
          {post.underReview ? <span className="post-card__badge post-card__badge--review">Under review</span> : null}
        </div>
        {heart ? <HeartBurst key={heart} /> : null}
        {post.text ? <p className="post-card__caption">{post.text}</p> : null}
      </div>
      {fitNote(post) && <p className="post-card__fit-note">{fitNote(post)}</p>}
      <footer className="post-card__actions">
        <button type="button" className="post-card__action post-card__like" aria-pressed={like.likedByMe} onClick={toggleLike}>
          <HeartIcon filled={like.likedByMe} />
          <span className="fitfeed-sr-only">Like</span>
          <span className="post-card__count" data-testid="like-count">
            {like.likeCount}
          </span>
        </button>
        <button
          type="button"
          className="post-card__action"
          onClick={() => {
            if (isSignedIn) onOpenComments(post)
            else onRequireSignIn("comment", post)
          }}
        >
          <CommentIcon />
          <span className="fitfeed-sr-only">Comments</span>
          <span className="post-card__count" data-testid="comment-count">
            {post.commentCount}
          </span>
        </button>
        {post.productId ? (
          <Link to={postProductPath(post)} className="post-card__product">
            {post.Product?.title ?? "View product"}
          </Link>
        ) : null}
      </footer>
      <ReportDialog
        postId={post.id}
        open={reportOpen}
        onClose={() => {
          setReportOpen(false)
        }}
      />
      <SignInIntentDialog
        intent={reportSignIn ? "report" : null}
        postId={post.id}
        onClose={() => {
          setReportSignIn(false)
        }}
      />
    </article>
  )
}

function HeartBurst() {
  return (
    <span className="post-card__burst" aria-hidden="true">
      <HeartIcon filled />
    </span>
  )
}
