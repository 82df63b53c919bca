import { useEffect, useMemo, useRef, useState } from "react"
import { CommentsModal } from "../components/comments-modal"
import { PostCard } from "../components/post-card"
import { SignInIntentDialog, type SignInIntent } from "../components/sign-in-intent-dialog"
import { Page } from "@/components/ui/page"
import { errorMessage } from "@/lib/api-client"
import { useSession } from "@/lib/auth"
import { useDocumentMeta } from "@/lib/document-meta"
import { feedMeta, postMeta, type Post } from "@fitshop/contracts"
import { useFeed } from "../api/get-feed"
import { usePost } from "@/lib/api/get-post"
import { CreatePostDialog } from "../components/create-post-dialog"
import { useFeedHighlight } from "../hooks/use-feed-highlight"
import { useResumeSignInIntent } from "../hooks/use-resume-sign-in-intent"
import { feedEntryId, withHighlightFirst } from "../utils/highlight"
import "../fitfeed.css"

const SKELETON_CARDS = 3

type Prompt = { intent: SignInIntent; postId: string | null; productId?: string | null }

/** The create dialog while open, with the product to preselect (a link's `product`), if any. */
type Creating = { productId: string | null }

function FeedSkeleton() {
  return (
    <div className="feed-list" role="status" aria-label="Loading feed">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <div key={index} className="feed-skeleton" aria-hidden="true">
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="feed-skeleton__picture skeleton" />
          <span className="skeleton skeleton--line" />
        </div>
      ))}
    </div>
  )
}

/** Scrolls the highlighted post into view once, when it first appears. */
function useScrollToHighlight(highlightId: string | null, shown: boolean) {
  const scrolledTo = useRef<string | null>(null)
  useEffect(() => {
    if (!highlightId || !shown || scrolledTo.current === highlightId) return
    const entry = document.getElementById(feedEntryId(highlightId))
    if (!entry) return
    scrolledTo.current = highlightId
    const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches
    entry.scrollIntoView?.({ block: "start", behavior: smooth ? "smooth" : "auto" })
  }, [highlightId, shown])
}

const FEED_META = feedMeta()

/**
 * FITFEED (spec section 2): up to 50 posts (the personal feed, or the public list for visitors), a
 * highlighted post pulled to the top, comments and create-post in modals, and a sign-in prompt for
 * what visitors try, finished after they sign in.
 */
export function FeedPage() {
  const feed = useFeed()
  const { isSignedIn } = useSession()
  const { highlightId, pin } = useFeedHighlight()
  const [commentsPost, setCommentsPost] = useState<Post | null>(null)
  const [creating, setCreating] = useState<Creating | null>(null)
  const [prompt, setPrompt] = useState<Prompt | null>(null)

  useResumeSignInIntent({
    onComment: setCommentsPost,
    onCreate: (productId) => {
      setCreating({ productId })
    },
    onSignInNeeded: (intent, postId, productId) => {
      setPrompt({ intent, postId, productId })
    },
    pin,
  })

  const loaded = feed.data?.posts
  const inPage = !highlightId || (loaded?.some((post) => post.id === highlightId) ?? false)
  const highlighted = usePost(highlightId ?? "", { enabled: highlightId !== null && feed.isSuccess && !inPage })
  const posts = useMemo(() => withHighlightFirst(loaded ?? [], highlightId, highlighted.data?.post), [loaded, highlightId, highlighted.data])
  const highlightShown = highlightId !== null && posts[0]?.id === highlightId
  useDocumentMeta(highlightShown && posts[0] ? postMeta(posts[0]) : FEED_META)
  useScrollToHighlight(highlightId, highlightShown)

  const requireSignIn = (intent: SignInIntent, post: Post | null) => {
    setPrompt({ intent, postId: post?.id ?? null })
  }

  const content = () => {
    if (feed.isPending) return <FeedSkeleton />
    if (feed.isError) {
      return (
        <div className="feed-error">
          <p className="inline-error" role="alert">
            {errorMessage(feed.error, "Failed to load feed")}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              void feed.refetch()
            }}
          >
            Try again
          </button>
        </div>
      )
    }
    if (posts.length === 0) {
      return (
        <div className="empty-state feed-empty">
          <p>No fits posted yet.</p>
          <p>Bought something? Be the first to share your fit.</p>
        </div>
      )
    }
    return (
      <ol className="feed-list" aria-label="Posts">
        {posts.map((post, index) => (
          <li key={post.id} id={feedEntryId(post.id)} className="feed-list__entry">
            <PostCard
              post={post}
              priority={index === 0}
              highlighted={post.id === highlightId}
              onOpenComments={setCommentsPost}
              onRequireSignIn={requireSignIn}
            />
          </li>
        ))}
      </ol>
    )
  }

  return (
    <Page title="FitFeed">
      {content()}
      <button
        type="button"
        className="feed-fab"
        aria-label="Create post"
        onClick={() => {
          if (isSignedIn) setCreating({ productId: null })
          else requireSignIn("create", null)
        }}
      >
        <span aria-hidden="true">+</span>
      </button>
      {commentsPost ? (
        <CommentsModal
          post={commentsPost}
          open
          onClose={() => {
            setCommentsPost(null)
          }}
        />
      ) : null}
      <CreatePostDialog
        open={creating !== null}
        productId={creating?.productId ?? null}
        onClose={() => {
          setCreating(null)
        }}
        onCreated={(post) => {
          pin(post.id)
        }}
      />
      <SignInIntentDialog
        intent={prompt?.intent ?? null}
        postId={prompt?.postId ?? null}
        productId={prompt?.productId ?? null}
        onClose={() => {
          setPrompt(null)
        }}
      />
    </Page>
  )
}
