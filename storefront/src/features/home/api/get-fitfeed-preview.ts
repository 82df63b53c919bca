import { queryOptions, useQuery } from "@tanstack/react-query"
import { getFeedPosts } from "@/lib/api/get-feed-posts"
import { fitfeedKeys } from "@/lib/fitfeed-keys"

/** Spec section 9: the home page previews 12 FitFeed posts. */
export const FITFEED_PREVIEW_LIMIT = 12

/** The personal feed, or the public posts for visitors (401/403). */
export const getFitfeedPreview = (signal?: AbortSignal) => getFeedPosts(FITFEED_PREVIEW_LIMIT, signal)

export const getFitfeedPreviewQueryOptions = () =>
  queryOptions({
    queryKey: fitfeedKeys.feed(FITFEED_PREVIEW_LIMIT),
    queryFn: ({ signal }) => getFitfeedPreview(signal),
    select: (response) => response.posts.slice(0, FITFEED_PREVIEW_LIMIT),
  })

export const useFitfeedPreview = () => useQuery(getFitfeedPreviewQueryOptions())
