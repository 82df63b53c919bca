import { useEffect, useState } from "react"
import { useParams, useSearchParams } from "react-router-dom"
import { storeReferralPostId } from "@/lib/referral"
import { sessionStore, storageKeys } from "@/lib/storage"
import { isPostId } from "../utils/highlight"

/**
 * The post the feed pulls to the top (spec section 2): one the screen pinned (a finished sign-in
 * intent, a new post), else /fitfeed/:postId, ?highlight, ?post or ?refPost, else the one the home
 * preview left in session storage, which is read once and cleared. A refPost also becomes the referral.
 */
export function useFeedHighlight() {
  const { postId } = useParams()
  const [searchParams] = useSearchParams()
  const [remembered] = useState(() => sessionStore.get(storageKeys.fitfeedHighlight))
  const [pinned, setPinned] = useState<string | null>(null)
  const refPost = searchParams.get("refPost")

  useEffect(() => {
    sessionStore.remove(storageKeys.fitfeedHighlight)
  }, [])

  useEffect(() => {
    storeReferralPostId(refPost)
  }, [refPost])

  const highlightId = [pinned, postId, searchParams.get("highlight"), searchParams.get("post"), refPost, remembered].find(isPostId) ?? null

  return { highlightId, pin: setPinned }
}
