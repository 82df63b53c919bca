import { describe, expect, it } from "vitest"
import { REFERRAL_LIFETIME_MS, getReferralPostId, storeReferralPostId } from "./referral"

const DAY_MS = 24 * 60 * 60 * 1000

describe("storeReferralPostId", () => {
  it("stores a digits-only id with an expiry seven days from now", () => {
    const now = Date.UTC(2025, 0, 1)

    expect(storeReferralPostId("4711", now)).toBe(true)

    expect(window.localStorage.getItem("ref_post")).toBe("4711")
    expect(window.localStorage.getItem("ref_post_exp")).toBe(String(now + 7 * DAY_MS))
    expect(REFERRAL_LIFETIME_MS).toBe(7 * DAY_MS)
  })

  it("is read back until the seventh day ends, and not after", () => {
    const now = Date.UTC(2025, 0, 1)
    storeReferralPostId("42", now)

    expect(getReferralPostId(now + 7 * DAY_MS - 1)).toBe("42")
    expect(getReferralPostId(now + 7 * DAY_MS)).toBeNull()
  })

  it.each(["12a", "abc", "", " 42", "4.2", "-1", "42 "])("ignores the non-digit value %j", (value) => {
    window.localStorage.setItem("ref_post", "7")
    window.localStorage.setItem("ref_post_exp", "123")

    expect(storeReferralPostId(value)).toBe(false)

    expect(window.localStorage.getItem("ref_post")).toBe("7")
    expect(window.localStorage.getItem("ref_post_exp")).toBe("123")
  })

  it("ignores a missing value", () => {
    expect(storeReferralPostId(null)).toBe(false)
    expect(window.localStorage.getItem("ref_post")).toBeNull()
  })

  it("replaces an earlier referral and restarts its seven days", () => {
    const first = Date.UTC(2025, 0, 1)
    storeReferralPostId("1", first)
    storeReferralPostId("2", first + 3 * DAY_MS)

    expect(getReferralPostId(first + 9 * DAY_MS)).toBe("2")
  })
})
