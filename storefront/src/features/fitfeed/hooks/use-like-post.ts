import { useQueryClient } from "@tanstack/react-query"
import { useCallback, useEffect, useRef, useState } from "react"
import { isUnauthorized } from "@/lib/api-client"
import type { LikeState, Post } from "@fitshop/contracts"
import { setPostLike } from "../api/like-post"
import { updateCachedPost } from "../utils/post-cache"

const likeStateOf = (post: Post): LikeState => ({ likedByMe: post.likedByMe, likeCount: post.likeCount })

/** One like more or less, never below 0 (spec section 9). */
export const adjustLikeCount = (count: number, liked: boolean) => Math.max(0, count + (liked ? 1 : -1))

/** Spec section 4: the answer's likeCount when it is a number, else the count before adjusted by one. */
export function settleLike(before: LikeState, liked: boolean, answer: Partial<LikeState> | null): LikeState {
  const likeCount =
    typeof answer?.likeCount === "number" && Number.isFinite(answer.likeCount) ? Math.max(0, answer.likeCount) : adjustLikeCount(before.likeCount, liked)
  return { likedByMe: typeof answer?.likedByMe === "boolean" ? answer.likedByMe : liked, likeCount }
}

/** The card's own like state: while calls are under way, and after them until the post's caches catch up. */
type LocalLike = { state: LikeState; pending: boolean; basis: Post }

type Flow = { busy: boolean; wanted: boolean; shown: LikeState; confirmed: LikeState }

/**
 * A post's like, shown at once. Presses while a call is under way only change the wanted state: one
 * call at a time, and when it returns another only if the wanted state differs, so a double click
 * never sends two calls that could land out of order. The server's answer settles the count; a
 * failure quietly puts back the last confirmed state, and a 401 calls `onUnauthorized`.
 */
export function useLikePost(post: Post, onUnauthorized: () => void) {
  const queryClient = useQueryClient()
  const [local, setLocal] = useState<LocalLike | null>(null)
  const shown = local && (local.pending || local.basis === post) ? local.state : likeStateOf(post)
  const flow = useRef<Flow>({ busy: false, wanted: post.likedByMe, shown, confirmed: shown })
  const latest = useRef({ post, onUnauthorized })

  useEffect(() => {
    latest.current = { post, onUnauthorized }
  })

  const run = useCallback(async () => {
    const current = flow.current
    const postId = latest.current.post.id
    current.busy = true
    let failed = false
    while (current.wanted !== current.confirmed.likedByMe) {
      const target = current.wanted
      try {
        current.confirmed = settleLike(current.confirmed, target, await setPostLike(postId, target))
      } catch (error) {
        failed = true
        if (isUnauthorized(error)) latest.current.onUnauthorized()
        break
      }
      if (current.wanted === target) break
    }
    const settled = current.confirmed
    current.busy = false
    current.wanted = settled.likedByMe
    current.shown = settled
    setLocal({ state: settled, pending: false, basis: latest.current.post })
    if (!failed) updateCachedPost(queryClient, postId, (cached) => ({ ...cached, ...settled }))
  }, [queryClient])

  /** Likes (true), unlikes (false) or toggles (no argument); nothing when the post already is so. */
  const setLiked = (liked?: boolean) => {
    const current = flow.current
    if (!current.busy) {
      current.shown = shown
      current.confirmed = shown
    }
    const from = current.shown
    const target = liked ?? !from.likedByMe
    if (target === from.likedByMe) return
    const optimistic = { likedByMe: target, likeCount: adjustLikeCount(from.likeCount, target) }
    current.shown = optimistic
    current.wanted = target
    setLocal({ state: optimistic, pending: true, basis: post })
    if (!current.busy) void run()
  }

  return { ...shown, setLiked }
}
