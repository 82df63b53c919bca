import type { QueryClient } from "@tanstack/react-query"
import type { Post, PostsAnswer } from "@fitshop/contracts"
import { fitfeedKeys } from "@/lib/fitfeed-keys"

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const isPost = (value: unknown): value is Post => isRecord(value) && typeof value.id === "string" && typeof value.likeCount === "number"

function patchPosts(posts: unknown[], postId: string, patch: (post: Post) => Post): unknown[] {
  let changed = false
  const next = posts.map((item) => {
    if (!isPost(item) || item.id !== postId) return item
    changed = true
    return patch(item)
  })
  return changed ? next : posts
}

const asList = (value: unknown): unknown[] | null => (Array.isArray(value) ? (value as unknown[]) : null)

/** Patches the post in one cached answer: `{ posts }`, `{ post }`, or an infinite query's pages of them. */
function patchAnswer(data: unknown, postId: string, patch: (post: Post) => Post): unknown {
  if (!isRecord(data)) return data
  let next = data
  const pages = asList(data.pages)
  if (pages) {
    const patched = pages.map((page) => patchAnswer(page, postId, patch))
    if (patched.some((page, index) => page !== pages[index])) next = { ...next, pages: patched }
  }
  const posts = asList(data.posts)
  if (posts) {
    const patched = patchPosts(posts, postId, patch)
    if (patched !== posts) next = { ...next, posts: patched }
  }
  if (isPost(data.post) && data.post.id === postId) next = { ...next, post: patch(data.post) }
  return next
}

/** Applies `patch` to post `postId` in every cached FITFEED answer that holds it. */
export function updateCachedPost(queryClient: QueryClient, postId: string, patch: (post: Post) => Post): void {
  queryClient.setQueriesData<unknown>({ queryKey: fitfeedKeys.all }, (data: unknown) => patchAnswer(data, postId, patch))
}

/** Puts a just-published post first in every cached feed. */
export function prependToFeeds(queryClient: QueryClient, post: Post): void {
  queryClient.setQueriesData<PostsAnswer>({ queryKey: fitfeedKeys.feeds }, (data) =>
    data ? { ...data, posts: [post, ...data.posts.filter((item) => item.id !== post.id)] } : data,
  )
}
