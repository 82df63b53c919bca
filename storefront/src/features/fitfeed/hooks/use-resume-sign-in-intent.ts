import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { useSearchParams } from "react-router-dom"
import { setPostLike } from "../api/like-post"
import { fitfeedKeys } from "@/lib/fitfeed-keys"
import { INTENT_PARAMS } from "../components/sign-in-intent-dialog"
import { useSession } from "@/lib/auth"
import type { Post } from "@fitshop/contracts"
import { getPostQueryOptions } from "@/lib/api/get-post"
import { isPostId } from "../utils/highlight"

type ResumeHandlers = {
  onComment: (post: Post) => void
  onCreate: () => void
  /** Keeps the intent's post highlighted once its parameters are gone. */
  pin: (postId: string) => void
}

/**
 * Spec section 4: back from /login with `intent` and `post`, the feed finishes what the visitor tried
 * (like the post, open its comments, or open the create dialog), then drops the parameters, keeps
 * the post highlighted and reloads the feed. A like that fails is ignored, as any like.
 */
export function useResumeSignInIntent({ onComment, onCreate, pin }: ResumeHandlers) {
  const [searchParams, setSearchParams] = useSearchParams()
  const { isSignedIn } = useSession()
  const queryClient = useQueryClient()
  const intent = searchParams.get("intent")
  const post = searchParams.get("post")
  const postId = isPostId(post) ? post : null
  const handled = useRef<string | null>(null)
  const handlers = useRef({ onComment, onCreate, pin })

  useEffect(() => {
    handlers.current = { onComment, onCreate, pin }
  })

  useEffect(() => {
    if (!intent || !isSignedIn) return
    const key = `${intent}:${postId ?? ""}`
    if (handled.current === key) return
    handled.current = key

    const finish = async () => {
      if (intent === "like" && postId) await setPostLike(postId, true).catch(() => null)
      if (intent === "comment" && postId) {
        const answer = await queryClient.fetchQuery(getPostQueryOptions(postId)).catch(() => null)
        if (answer) handlers.current.onComment(answer.post)
      }
      if (intent === "create") handlers.current.onCreate()
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
  }, [intent, postId, isSignedIn, queryClient, setSearchParams])
}
