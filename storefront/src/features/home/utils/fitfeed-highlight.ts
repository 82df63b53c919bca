import { paths } from '@/config/paths';
import { sessionStore, storageKeys } from '@/lib/storage';

export const fitfeedHighlightHref = (postId: string) =>
  `${paths.fitfeed}?highlight=${encodeURIComponent(postId)}`;

/** Storage can be switched off or full; the highlight query parameter still carries the post then. */
export function rememberFitfeedHighlight(postId: string): void {
  sessionStore.set(storageKeys.fitfeedHighlight, postId);
}
