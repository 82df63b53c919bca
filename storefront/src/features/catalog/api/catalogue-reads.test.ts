import { describe, expect, it } from "vitest"
import { calledUrls, jsonResponse, mockFetch } from "@/testing/mock-fetch"
import { getProduct } from "@/lib/api/get-product"
import { getProducts } from "./get-products"

describe("catalogue reads", () => {
  it("go out at once for a visitor without a token, never behind a session refresh", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ products: [], total: 0 }))

    await getProducts({ active: true, gender: "MEN", limit: 24 })
    await getProduct("prod_1")

    expect(calledUrls(fetchMock).map((url) => url.pathname)).toEqual(["/api/products", "/api/products/prod_1"])
  })
})
