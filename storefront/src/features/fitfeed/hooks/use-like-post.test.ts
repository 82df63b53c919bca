import { describe, expect, it } from "vitest"
import { adjustLikeCount, settleLike } from "./use-like-post"

describe("settleLike", () => {
  it("takes the answer's likeCount and likedByMe", () => {
    expect(settleLike({ likedByMe: false, likeCount: 3 }, true, { likeCount: 10, likedByMe: true })).toEqual({
      likedByMe: true,
      likeCount: 10,
    })
  })

  it("adjusts the count before by one when the answer has no numeric likeCount", () => {
    expect(settleLike({ likedByMe: false, likeCount: 3 }, true, null)).toEqual({ likedByMe: true, likeCount: 4 })
    expect(settleLike({ likedByMe: true, likeCount: 3 }, false, {})).toEqual({ likedByMe: false, likeCount: 2 })
  })

  it("never goes below 0", () => {
    expect(adjustLikeCount(0, false)).toBe(0)
    expect(settleLike({ likedByMe: true, likeCount: 0 }, false, null).likeCount).toBe(0)
  })
})
