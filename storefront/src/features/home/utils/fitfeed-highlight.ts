import { paths } from '@/config/paths';

/** Session-storage key the FitFeed reads to pull a post opened from the home preview to the top. */
export const FITFEED_HIGHLIGHT_KEY = 'FITFEED_HIGHLIGHT';

export const fitfeedHighlightHref = (postId: string) =>
  `${paths.fitfeed}?highlight=${encodeURIComponent(postId)}`;

/** Storage can be switched off or full; the highlight query parameter still carries the post then. */
export function rememberFitfeedHighlight(postId: string): void {
  try {
    window.sessionStorage.setItem(FITFEED_HIGHLIGHT_KEY, postId);
  } catch {
    return;
  }
}
