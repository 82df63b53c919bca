import { paths } from "@/config/paths"
import type { Post } from "@fitshop/contracts"

export const SHARE_TITLE = "Check this fit!"
export const LINK_COPIED_TEXT = "Link copied to clipboard!"

/** Where a post leads: its product with the post as referral, or the feed with the post highlighted. */
export const postProductPath = (post: Pick<Post, "id" | "productId">): string =>
  post.productId ? `${paths.product(post.productId)}?refPost=${encodeURIComponent(post.id)}` : paths.fitfeedHighlight(post.id)

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError"

/**
 * Spec section 4: the native share sheet where there is one, otherwise the link is copied and an
 * alert says so; where the clipboard is refused, the link is shown in a prompt to copy by hand.
 */
export async function sharePost(post: Pick<Post, "id" | "productId">): Promise<void> {
  const url = `${window.location.origin}${postProductPath(post)}`
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: SHARE_TITLE, url })
      return
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; any other refusal falls back to copying.
      if (isAbort(error)) return
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    window.alert(LINK_COPIED_TEXT)
  } catch {
    window.prompt("Copy this link", url)
  }
}
