import { describe, expect, it } from "vitest"
import { calledUrls, jsonResponse, mockFetch } from "@/testing/mock-fetch"
import { getBestSellers } from "./get-best-sellers"
import { getCategoryCover } from "./get-category-cover"

describe("the home page's catalogue reads", () => {
  it("go out at once for a visitor without a token, never behind a session refresh", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ products: [], total: 0 }))

    await getBestSellers()
    await getCategoryCover({ categoryType: "UPPERS", subcategory: "Hoodies" })

    expect(calledUrls(fetchMock).map((url) => url.pathname)).toEqual(["/api/products", "/api/products"])
  })
})
