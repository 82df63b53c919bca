import { describe, expect, it } from "vitest"
import { HANDLE_HINT, isValidHandle, normaliseHandle } from "./handle"

describe("normaliseHandle", () => {
  it("lowercases and strips characters outside a-z 0-9 . _ -", () => {
    expect(normaliseHandle("@Street King!")).toBe("streetking")
    expect(normaliseHandle("Ravi.K_99-x")).toBe("ravi.k_99-x")
    expect(normaliseHandle("ñandú#ĉ")).toBe("and")
  })

  it("keeps at most 20 characters", () => {
    expect(normaliseHandle("abcdefghijklmnopqrstuvwxyz")).toBe("abcdefghijklmnopqrst")
  })
})

describe("isValidHandle", () => {
  it.each(["ab", "a1", "ravi.k", "street_king-99", "abcdefghijklmnopqrst"])("accepts %s", (handle) => {
    expect(isValidHandle(handle)).toBe(true)
  })

  it.each([
    ["", "empty"],
    ["a", "one character"],
    ["abcdefghijklmnopqrstu", "21 characters"],
    [".ravi", "a leading dot"],
    ["ravi-", "a trailing dash"],
    ["_ravi", "a leading underscore"],
    ["Ravi", "uppercase"],
    ["ra vi", "a space"],
  ])("rejects %j (%s)", (handle) => {
    expect(isValidHandle(handle)).toBe(false)
  })
})

it("has the spec hint word for word", () => {
  expect(HANDLE_HINT).toBe("2–20 chars · letters, numbers, ._- · cannot start/end with dot or dash.")
})
