import { SIZES } from "@fitshop/contracts"
import { HttpError } from "react-admin"
import { describe, expect, it } from "vitest"
import { adminProduct } from "../testing/admin-product"
import { fetchCall, stubFetch } from "../testing/fetch-stub"
import { dataProvider } from "."

const shirt = adminProduct({ id: "prod_1", title: "Boxy tee", status: "DRAFT", basePrice: 129900 })

function signIn(token = "token-1") {
  localStorage.setItem("accessToken", token)
}

describe("dataProvider.getList", () => {
  it("reads { <resource>, total } and sends the Bearer token, page and filters", async () => {
    signIn()
    const fetchMock = stubFetch({ status: 200, body: { products: [shirt], total: 41 } })

    const result = await dataProvider.getList("products", {
      pagination: { page: 3, perPage: 20 },
      sort: { field: "updatedAt", order: "DESC" },
      filter: { status: "DRAFT" },
    })

    expect(result).toEqual({ data: [shirt], total: 41 })
    const request = fetchCall(fetchMock, 0)
    const url = new URL(request.url, "http://localhost")
    expect(url.pathname).toBe("/api/admin/products")
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: "20",
      offset: "40",
      sort: "updatedAt",
      order: "desc",
      status: "DRAFT",
    })
    expect(request.headers.get("Authorization")).toBe("Bearer token-1")
  })

  it("fails when the answer has no list under the resource name", async () => {
    signIn()
    stubFetch({ status: 200, body: { items: [shirt], total: 1 } })

    await expect(dataProvider.getList("products", {})).rejects.toThrow("no products list")
  })

  it("turns a 403 without a message into the permission text, keeping the status", async () => {
    signIn()
    stubFetch({ status: 403, body: { error: "forbidden" } })

    const failure = dataProvider.getList("products", {})

    await expect(failure).rejects.toBeInstanceOf(HttpError)
    await expect(failure).rejects.toMatchObject({ status: 403, message: "You don’t have permission to do that." })
  })

  it("prefers the server's message", async () => {
    signIn()
    stubFetch({ status: 422, body: { error: "invalid", message: "Title is too long." } })

    await expect(dataProvider.getList("products", {})).rejects.toThrow("Title is too long.")
  })

  it("refreshes an expired token once and retries with the new one", async () => {
    signIn("expired")
    const fetchMock = stubFetch(
      { status: 401, body: { message: "Token expired." } },
      { status: 200, body: { accessToken: "fresh" } },
      { status: 200, body: { products: [], total: 0 } },
    )

    await expect(dataProvider.getList("products", {})).resolves.toEqual({ data: [], total: 0 })

    expect(fetchCall(fetchMock, 1)).toMatchObject({ url: "/api/auth/refresh", method: "POST" })
    expect(fetchCall(fetchMock, 2).headers.get("Authorization")).toBe("Bearer fresh")
    expect(localStorage.getItem("accessToken")).toBe("fresh")
  })

  it("rejects with the 401 when the refresh fails too", async () => {
    signIn("expired")
    const fetchMock = stubFetch({ status: 401, body: { message: "Token expired." } })

    await expect(dataProvider.getList("products", {})).rejects.toMatchObject({ status: 401 })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})

describe("dataProvider record calls", () => {
  it("reads one record from /api/admin/<resource>/<id>", async () => {
    signIn()
    const fetchMock = stubFetch({ status: 200, body: shirt })

    await expect(dataProvider.getOne("products", { id: "prod_1" })).resolves.toEqual({ data: shirt })
    expect(fetchCall(fetchMock, 0).url).toBe("/api/admin/products/prod_1")
  })

  it("reads a record the BFF sends under its own name ({ product })", async () => {
    signIn()
    stubFetch({ status: 200, body: { product: shirt } })
    await expect(dataProvider.getOne("products", { id: "prod_1" })).resolves.toEqual({ data: shirt })
  })

  it("creates with POST and updates with PUT, sending the record as JSON", async () => {
    signIn()
    const fetchMock = stubFetch({ status: 201, body: shirt }, { status: 200, body: { ...shirt, status: "LIVE" } })

    await dataProvider.create("products", { data: { title: "Boxy tee" } })
    const updated = await dataProvider.update("products", {
      id: "prod_1",
      data: { ...shirt, status: "LIVE" },
      previousData: shirt,
    })

    expect(fetchCall(fetchMock, 0)).toMatchObject({
      url: "/api/admin/products",
      method: "POST",
      body: { title: "Boxy tee" },
    })
    expect(fetchCall(fetchMock, 1)).toMatchObject({ url: "/api/admin/products/prod_1", method: "PUT" })
    expect(updated.data).toMatchObject({ status: "LIVE" })
  })

  it("deletes and falls back to the previous record when the server answers 204", async () => {
    signIn()
    const fetchMock = stubFetch({ status: 204 })

    await expect(dataProvider.delete("products", { id: "prod_1", previousData: shirt })).resolves.toEqual({
      data: shirt,
    })
    expect(fetchCall(fetchMock, 0)).toMatchObject({ url: "/api/admin/products/prod_1", method: "DELETE" })
  })
})

describe("dataProvider and the contracts", () => {
  it("checks each record against its contract: a product without the version an update names is refused", async () => {
    signIn()
    const { version: _version, ...unversioned } = shirt
    stubFetch({ status: 200, body: { product: unversioned } })
    await expect(dataProvider.getOne("products", { id: "prod_1" })).rejects.toThrow()
  })

  it("changes many products' status in one bulk-status call, and nothing else that way", async () => {
    signIn()
    const fetchMock = stubFetch({ status: 200, body: { updated: 2 } })

    await expect(dataProvider.updateMany("products", { ids: ["prod_1", "prod_2"], data: { status: "ARCHIVED" } })).resolves.toEqual({
      data: ["prod_1", "prod_2"],
    })
    expect(fetchCall(fetchMock, 0)).toMatchObject({
      url: "/api/admin/products/bulk-status",
      method: "POST",
      body: { ids: ["prod_1", "prod_2"], status: "ARCHIVED" },
    })
    await expect(dataProvider.updateMany("products", { ids: ["prod_1"], data: { title: "Renamed" } })).rejects.toThrow("only by status")
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it("lists reported posts and removes one at the BFF's FITFEED review routes", async () => {
    signIn()
    const post = {
      id: "41",
      imageUrl: "/media/p/41.jpg",
      thumbnailUrl: "/media/p/41-480.jpg",
      text: null,
      author: { id: "u1", name: "Ravi K", handle: "ravi" },
      reports: { count: 3, reasons: ["spam"], lastAt: "2026-11-20T10:00:00Z" },
      hiddenAt: "2026-11-20T10:00:00Z",
      createdAt: "2026-11-19T10:00:00Z",
    }
    const fetchMock = stubFetch({ status: 200, body: { posts: [post], total: 1 } }, { status: 204 })

    await expect(dataProvider.getList("reported-posts", { pagination: { page: 1, perPage: 25 } })).resolves.toEqual({ data: [post], total: 1 })
    await dataProvider.delete("reported-posts", { id: "41", previousData: post })
    expect(new URL(fetchCall(fetchMock, 0).url, "http://localhost").pathname).toBe("/api/admin/fitfeed/reported")
    expect(fetchCall(fetchMock, 1)).toMatchObject({ url: "/api/admin/fitfeed/posts/41", method: "DELETE" })
  })
})

describe("dataProvider's custom methods", () => {
  it("duplicates a product, answering the copy", async () => {
    signIn()
    const copy = adminProduct({ id: "prod_2", title: "Boxy tee" })
    const fetchMock = stubFetch({ status: 201, body: { product: copy } })

    await expect(dataProvider.duplicateProduct("prod_1")).resolves.toEqual({ data: copy })
    expect(fetchCall(fetchMock, 0)).toMatchObject({ url: "/api/admin/products/prod_1/duplicate", method: "POST" })
  })

  it("offers the server's sizes, else the standard ones", async () => {
    signIn()
    stubFetch({ status: 200, body: { items: ["S", "M"] } })
    await expect(dataProvider.getProductSizes()).resolves.toEqual({ data: ["S", "M"] })
    stubFetch({ status: 500, body: {} })
    await expect(dataProvider.getProductSizes()).resolves.toEqual({ data: SIZES })
  })

  it("reads the shop's daily series for the days asked, checked against its contract", async () => {
    signIn()
    const days = [{ day: "2026-11-20", orders: 3, units: 4, revenue: 519600 }]
    const fetchMock = stubFetch({ status: 200, body: { days } }, { status: 200, body: { days: [{ day: "2026-11-20" }] } })

    await expect(dataProvider.getShopSalesSeries(30)).resolves.toEqual({ data: { days } })
    expect(fetchCall(fetchMock, 0).url).toBe("/api/admin/analytics/series?days=30")
    await expect(dataProvider.getShopSalesSeries(30)).rejects.toThrow()
  })

  it("restores a reported post", async () => {
    signIn()
    const fetchMock = stubFetch({ status: 200, body: {} })
    await expect(dataProvider.restoreReportedPost("41")).resolves.toEqual({ data: { id: "41" } })
    expect(fetchCall(fetchMock, 0)).toMatchObject({ url: "/api/admin/fitfeed/posts/41/restore", method: "POST" })
  })

  it("retries a failed job, answering what was queued again", async () => {
    signIn()
    const retried = { id: "7", kind: "dispatch-order", key: "order_01" }
    const fetchMock = stubFetch({ status: 202, body: retried })
    await expect(dataProvider.retryJob("7")).resolves.toEqual({ data: retried })
    expect(fetchCall(fetchMock, 0)).toMatchObject({ url: "/api/admin/jobs/7/retry", method: "POST" })
  })
})
