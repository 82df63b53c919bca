import { describe, expect, it } from "vitest"
import { isValidHandle, isValidPassword, normalizeEmail, normalizeHandle } from "./rules.js"

describe("handle rules", () => {
  it.each([
    ["Street.King", "street.king"],
    ["@Rahul_99", "rahul_99"],
    ["a b!c#d", "abcd"],
    ["ÄnjaLí", "njal"],
    ["x".repeat(30), "x".repeat(20)],
  ])("normalises %s to %s", (raw, normalised) => {
    expect(normalizeHandle(raw)).toBe(normalised)
  })

  it.each(["ab", "a1", "street.king", "a-b_c.d", "x".repeat(20)])("accepts %s", (handle) => {
    expect(isValidHandle(handle)).toBe(true)
  })

  it.each(["a", "", ".ab", "ab.", "-ab", "ab-", "_ab", "x".repeat(21), "Ab", "a b"])("rejects %s", (handle) => {
    expect(isValidHandle(handle)).toBe(false)
  })
})

describe("password rule", () => {
  it.each(["abcdefg1", "Password123", "1234567a"])("accepts %s", (password) => expect(isValidPassword(password)).toBe(true))
  it.each(["short1", "abcdefgh", "12345678", "", "a1".repeat(65)])("rejects %s", (password) => expect(isValidPassword(password)).toBe(false))
})

describe("e-mail", () => {
  it("compares case-insensitively by lowercasing", () => expect(normalizeEmail("  Asha@Example.COM ")).toBe("asha@example.com"))
})
