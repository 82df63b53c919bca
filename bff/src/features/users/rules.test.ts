import { describe, expect, it } from "vitest"
import { inboxOf } from "./rules.js"

describe("inboxOf", () => {
  it("7. counts plus-addressed and dotted Gmail variants of one inbox as one", () => {
    expect(inboxOf("Me@Gmail.com")).toBe("me@gmail.com")
    expect(inboxOf("me+1@gmail.com")).toBe("me@gmail.com")
    expect(inboxOf("m.e@gmail.com")).toBe("me@gmail.com")
    expect(inboxOf(" M.e+shop@googlemail.com ")).toBe("me@gmail.com")
    expect(inboxOf("me+1@example.test")).toBe("me@example.test")
  })

  it("keeps dots that other providers count, and addresses that are not variants apart", () => {
    expect(inboxOf("m.e@example.test")).toBe("m.e@example.test")
    expect(inboxOf("me@example.test")).not.toBe(inboxOf("m.e@example.test"))
    expect(inboxOf("+tag@example.test")).toBe("+tag@example.test")
  })
})
