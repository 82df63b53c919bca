import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Spec section 9: the home page previews 12 FitFeed posts. */
export const FITFEED_PREVIEW_LIMIT = 12;

/** The fields of a feed post the home preview shows; the picture comes as imageUrl or image. */
export type FeedPostPreview = {
  id: string;
  imageUrl?: string | null;
  image?: string | null;
  text?: string | null;
  user?: { name?: string | null; handle?: string | null } | null;
};

export type FeedPreviewResponse = {
  posts: FeedPostPreview[];
};

export const getFitfeedPreview = (signal?: AbortSignal) =>
  apiClient.get<FeedPreviewResponse>('/api/fitfeed/feed', { params: { limit: FITFEED_PREVIEW_LIMIT }, signal });

export const getFitfeedPreviewQueryOptions = () =>
  queryOptions({
    queryKey: ['fitfeed', 'feed', { limit: FITFEED_PREVIEW_LIMIT }],
    queryFn: ({ signal }) => getFitfeedPreview(signal),
    select: (response) => response.posts.slice(0, FITFEED_PREVIEW_LIMIT),
  });

export const useFitfeedPreview = () => useQuery(getFitfeedPreviewQueryOptions());
