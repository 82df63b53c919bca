import { queryOptions, useQuery } from "@tanstack/react-query"
import { getFeedPosts } from "@/lib/api/get-feed-posts"
import { fitfeedKeys } from "@/lib/fitfeed-keys"

/** Spec section 9: the feed shows up to 50 posts. */
export const FEED_LIMIT = 50

export const getFeedQueryOptions = () =>
  queryOptions({
    queryKey: fitfeedKeys.feed(FEED_LIMIT),
    queryFn: ({ signal }) => getFeedPosts(FEED_LIMIT, signal),
  })

export const useFeed = () => useQuery(getFeedQueryOptions())
