/**
 * The react-query keys of FITFEED reads. Every one starts with 'fitfeed', so a like or a comment can
 * patch the post wherever it is cached (feed, home preview, a single post, a profile's pages).
 */
export const fitfeedKeys = {
  all: ["fitfeed"] as const,
  feeds: ["fitfeed", "feed"] as const,
  feed: (limit: number) => ["fitfeed", "feed", { limit }] as const,
  post: (postId: string) => ["fitfeed", "post", postId] as const,
  comments: (postId: string) => ["fitfeed", "comments", postId] as const,
  mine: ["fitfeed", "posts", "mine"] as const,
}
