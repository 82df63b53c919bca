import { describe, expect, it } from "vitest"
import { pageCameWith } from "@/testing/server-answers"
import { sortedUrl } from "./api-client"
import { serverAnswersSentAt, takeServerAnswer } from "./server-answers"

describe("sortedUrl", () => {
  it("sorts the parameters by name and leaves out empty ones, whatever order they were written in", () => {
    expect(sortedUrl("/api/products", { sort: "popular", active: true, genre: "", limit: 8, offset: 0 })).toBe(
      "/api/products?active=true&limit=8&offset=0&sort=popular",
    )
    expect(sortedUrl("/api/products", { subcategory: "Loose fit" })).toBe("/api/products?subcategory=Loose+fit")
    expect(sortedUrl("/api/products/prod_1")).toBe("/api/products/prod_1")
  })
})

describe("takeServerAnswer", () => {
  it("hands out the answer the page came with for a read, once", () => {
    pageCameWith({ "/api/products?active=true&limit=8": { total: 3 } }, 1_700_000_000_000)

    expect(serverAnswersSentAt()).toBe(1_700_000_000_000)
    expect(takeServerAnswer("/api/products", { limit: 8, active: true })).toEqual({ total: 3 })
    expect(takeServerAnswer("/api/products", { limit: 8, active: true })).toBeUndefined()
  })

  it("has nothing for a read the page did not answer, or for a page without answers", () => {
    pageCameWith({ "/api/products?limit=8": { total: 3 } })
    expect(takeServerAnswer("/api/products", { limit: 24 })).toBeUndefined()
  })

  it("ignores a malformed block: the reads then go to the network", () => {
    pageCameWith('{"sentAt": 1, "answers": ')
    expect(takeServerAnswer("/api/products")).toBeUndefined()
    expect(serverAnswersSentAt()).toBe(0)
  })

  it("ignores a block of the wrong shape", () => {
    pageCameWith(JSON.stringify({ sentAt: "yesterday", answers: [] }))
    expect(takeServerAnswer("/api/products")).toBeUndefined()
  })
})
