import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { useSearchParams } from "react-router-dom"
import { setPostLike } from "../api/like-post"
import { fitfeedKeys } from "@/lib/fitfeed-keys"
import { INTENT_PARAMS, isSignInIntent, type SignInIntent } from "../components/sign-in-intent-dialog"
import { useSession } from "@/lib/auth"
import type { Post } from "@fitshop/contracts"
import { getPostQueryOptions } from "@/lib/api/get-post"
import { isPostId } from "../utils/highlight"

type ResumeHandlers = {
  onComment: (post: Post) => void
  /** Opens the create dialog, with the product the link named (null when none). */
  onCreate: (productId: string | null) => void
  /** A visitor who isn't signed in arrived with an intent (the delivered e-mail's link): ask them to sign in first. */
  onSignInNeeded: (intent: SignInIntent, postId: string | null, productId: string | null) => void
  /** Keeps the intent's post highlighted once its parameters are gone. */
  pin: (postId: string) => void
}

/**
 * Spec section 4: back from /login with `intent` and `post` (or `product`), the feed finishes what the visitor
 * tried (like the post, open its comments, or open the create dialog about the product), then drops the
 * parameters, keeps the post highlighted and reloads the feed. A like that fails is ignored, as any like.
 * Arriving with an intent while signed out asks to sign in first, keeping the parameters through /login.
 */
export function useResumeSignInIntent({ onComment, onCreate, onSignInNeeded, pin }: ResumeHandlers) {
  const [searchParams, setSearchParams] = useSearchParams()
  const { isSignedIn, ready } = useSession()
  const queryClient = useQueryClient()
  const intent = searchParams.get("intent")
  const post = searchParams.get("post")
  const postId = isPostId(post) ? post : null
  const productId = searchParams.get("product")
  const handled = useRef<string | null>(null)
  const handlers = useRef({ onComment, onCreate, onSignInNeeded, pin })

  useEffect(() => {
    handlers.current = { onComment, onCreate, onSignInNeeded, pin }
  })

  useEffect(() => {
    // Until the page load's session refresh is done, a visitor without a token may still turn out signed in.
    if (!intent || (!isSignedIn && !ready)) return
    const key = `${isSignedIn ? "resume" : "ask"}:${intent}:${postId ?? ""}:${productId ?? ""}`
    if (handled.current === key) return
    handled.current = key
    if (!isSignedIn) {
      if (isSignInIntent(intent)) handlers.current.onSignInNeeded(intent, postId, productId)
      return
    }

    const finish = async () => {
      if (intent === "like" && postId) await setPostLike(postId, true).catch(() => null)
      if (intent === "comment" && postId) {
        const answer = await queryClient.fetchQuery(getPostQueryOptions(postId)).catch(() => null)
        if (answer) handlers.current.onComment(answer.post)
      }
      if (intent === "create") handlers.current.onCreate(productId)
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const name of INTENT_PARAMS) next.delete(name)
          return next
        },
        { replace: true },
      )
      if (postId) handlers.current.pin(postId)
      // A read that started before the like would answer without it (and an invalidation would only join it).
      await queryClient.cancelQueries({ queryKey: fitfeedKeys.feeds })
      await queryClient.invalidateQueries({ queryKey: fitfeedKeys.feeds })
    }
    void finish()
  }, [intent, postId, productId, isSignedIn, ready, queryClient, setSearchParams])
}
