import { describe, expect, it } from "vitest"
import { isSafeReturnPath, resolveReturnPath } from "./return-path"

const sources = { next: null, remembered: null, intent: null, post: null, product: null }

describe("isSafeReturnPath", () => {
  it.each(["/", "/account", "/fitfeed?highlight=3", "/product/abc?refPost=12#top", "/shop/https://x"])("accepts the same-origin path %s", (path) => {
    expect(isSafeReturnPath(path)).toBe(true)
  })

  it.each([
    null,
    "",
    "account",
    "//evil.example",
    "//evil.example/account",
    "/\\evil.example",
    "/\t/evil.example",
    "https://evil.example/account",
    "javascript:alert(1)",
    " /account",
  ])("rejects %j", (path) => {
    expect(isSafeReturnPath(path)).toBe(false)
  })
})

describe("resolveReturnPath", () => {
  it("uses a safe next path", () => {
    expect(resolveReturnPath({ ...sources, next: "/payments?x=1" })).toBe("/payments?x=1")
  })

  it.each(["//evil.example", "https://evil.example/account", "/\\evil.example"])("falls back to /account for the unsafe next %s", (next) => {
    expect(resolveReturnPath({ ...sources, next })).toBe("/account")
  })

  it("uses the remembered return path when next is missing or unsafe", () => {
    expect(resolveReturnPath({ ...sources, remembered: "/cart" })).toBe("/cart")
    expect(resolveReturnPath({ ...sources, next: "//evil.example", remembered: "/cart" })).toBe("/cart")
    expect(resolveReturnPath({ ...sources, remembered: "https://evil.example" })).toBe("/account")
  })

  it("prefers next over the remembered path", () => {
    expect(resolveReturnPath({ ...sources, next: "/wishlist", remembered: "/cart" })).toBe("/wishlist")
  })

  it("appends the feed intent and post", () => {
    expect(resolveReturnPath({ ...sources, next: "/fitfeed", intent: "like", post: "12" })).toBe("/fitfeed?intent=like&post=12")
    expect(resolveReturnPath({ ...sources, next: "/fitfeed?highlight=4", intent: "comment", post: "9" })).toBe("/fitfeed?highlight=4&intent=comment&post=9")
  })

  it("drops malformed intent and post values", () => {
    expect(resolveReturnPath({ ...sources, next: "/fitfeed", intent: "<x>", post: "1&next=//evil" })).toBe("/fitfeed")
  })

  it("appends the product a post to create is about, when it is a product id", () => {
    const product = "prod_01JD8XKQ3V5N7R9T1W3Y5A7C9E"
    expect(resolveReturnPath({ ...sources, next: "/fitfeed", intent: "create", product })).toBe(`/fitfeed?intent=create&product=${product}`)
    expect(resolveReturnPath({ ...sources, next: "/fitfeed", intent: "create", product: "prod_1&next=//evil" })).toBe("/fitfeed?intent=create")
  })
})
