import { describe, expect, it } from "vitest"
import { buildPost } from "@/testing/post-factory"
import { isPostId, withHighlightFirst } from "./highlight"

describe("withHighlightFirst", () => {
  it("moves the highlighted post of the page to the top, keeping the rest in order", () => {
    const [a, b, c] = [buildPost(), buildPost(), buildPost()]
    expect(withHighlightFirst([a!, b!, c!], c!.id, undefined)).toEqual([c, a, b])
  })

  it("puts a separately fetched post first when the page does not have it", () => {
    const [a, b] = [buildPost(), buildPost()]
    const fetched = buildPost()
    expect(withHighlightFirst([a!, b!], fetched.id, fetched)).toEqual([fetched, a, b])
  })

  it("leaves the page alone without a highlight or before the post is known", () => {
    const posts = [buildPost(), buildPost()]
    expect(withHighlightFirst(posts, null, undefined)).toBe(posts)
    expect(withHighlightFirst(posts, "999999", undefined)).toBe(posts)
  })
})

describe("isPostId", () => {
  it("accepts digits only", () => {
    expect(isPostId("123")).toBe(true)
    expect(isPostId("12a")).toBe(false)
    expect(isPostId("")).toBe(false)
    expect(isPostId(null)).toBe(false)
  })
})
