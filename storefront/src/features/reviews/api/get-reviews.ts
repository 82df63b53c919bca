import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { serverAnswersSentAt, takeServerAnswer } from "@/lib/server-answers"
import type { ReviewsAnswer } from "@fitshop/contracts"
import { productReviewsPath, reviewKeys, type ReviewFilter } from "./review-keys"

const isUnfiltered = (filter: ReviewFilter) => filter.rating === null && !filter.photo

/** GET /api/products/{id}/reviews: the first page unfiltered has no query at all, the read the page's HTML answers. */
export const getReviews = (productId: string, filter: ReviewFilter, cursor: string | null, signal?: AbortSignal) =>
  apiClient.get<ReviewsAnswer>(productReviewsPath(productId), {
    params: { rating: filter.rating ?? undefined, photo: filter.photo ? "true" : undefined, cursor: cursor ?? undefined },
    signal,
    skipSessionRefresh: true,
  })

/** The first page as the page came with it (unfiltered only), as the infinite query's first page. */
function fromServerAnswer(productId: string, filter: ReviewFilter): InfiniteData<ReviewsAnswer, string | null> | undefined {
  if (!isUnfiltered(filter)) return undefined
  const answer = takeServerAnswer<ReviewsAnswer>(productReviewsPath(productId))
  return answer ? { pages: [answer], pageParams: [null] } : undefined
}

/** A product's reviews, newest first, a page at a time ("Show more" reads `nextCursor`). */
export const useReviews = (productId: string, filter: ReviewFilter) =>
  useInfiniteQuery({
    queryKey: reviewKeys.list(productId, filter),
    queryFn: ({ pageParam, signal }) => getReviews(productId, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ReviewsAnswer) => last.nextCursor,
    initialData: () => fromServerAnswer(productId, filter),
    initialDataUpdatedAt: serverAnswersSentAt,
  })
