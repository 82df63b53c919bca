import { paths } from "@/config/paths"
import { sessionStore, storageKeys } from "@/lib/storage"

export const fitfeedHighlightHref = paths.fitfeedHighlight

/** Storage can be switched off or full; the highlight query parameter still carries the post then. */
export function rememberFitfeedHighlight(postId: string): void {
  sessionStore.set(storageKeys.fitfeedHighlight, postId)
}
