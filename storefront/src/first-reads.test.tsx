import { screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { createQueryClient } from "@/lib/react-query"
import { calledUrls, errorResponse, jsonResponse, mockFetch, mockSessionApi } from "@/testing/mock-fetch"
import { buildProduct } from "@/testing/product-factory"
import { pageCameWith } from "@/testing/server-answers"
import { renderApp } from "@/testing/test-utils"
import { sortedUrl, type ListingFirstRead } from "@fitshop/contracts"
import { firstReads, renderPage } from "./entry-server"

/** A read's key as the BFF files its answer and the page looks it up. */
const keyOf = (read: ListingFirstRead) => sortedUrl("/api/products", read.params)

/** The catalogue reads the page sent, keyed the same way. */
const listingReadsSent = (fetchMock: ReturnType<typeof mockFetch>) =>
  calledUrls(fetchMock, "/api/products").map((url) => sortedUrl(url.pathname, Object.fromEntries(url.searchParams)))

const emptyListing = () => jsonResponse({ products: [], total: 0 })

describe("the home page's first reads (what the BFF answers inside the page)", () => {
  it("are exactly the catalogue reads the page sends when it opens", async () => {
    const fetchMock = mockSessionApi(null, (url) => (url.pathname === "/api/products" ? emptyListing() : errorResponse("Not found", 404)))

    renderApp("/")

    const expected = firstReads.home().map(keyOf).sort()
    await waitFor(() => expect(listingReadsSent(fetchMock).sort()).toEqual(expected))
  })

  it("name the tiles whose pictures the page paints first", () => {
    const reads = firstReads.home()
    pageCameWith(Object.fromEntries(reads.map((read) => [keyOf(read), { products: [buildProduct()], total: 1 }])))
    mockSessionApi(null, () => errorResponse("Not found", 404))

    renderApp("/", { queryClient: createQueryClient() })

    const eager = screen
      .getAllByTestId("category-tile")
      .filter((tile) => tile.querySelector("img")?.getAttribute("loading") === "eager")
      .map((tile) => tile.textContent)
    expect(eager.length).toBeGreaterThan(0)
    expect(eager).toEqual(reads.filter((read) => read.paintedFirst).map((read) => read.params.subcategory))
  })
})

const SHOP_ADDRESSES = [
  "/shop",
  "/shop?utm_source=mail",
  "/shop?g=WOMEN&wg=WESTERN&type=UPPERS&sort=price_asc&fabric=cotton",
  "/shop?g=MEN&type=LOWERS&sub=loose+fit&priceRange=500-1000&genre=Anime&ref=1",
  "/shop?fabric=Silk&sort=cheapest&colorName=Mauve&type=SHOES",
]

const searchOf = (address: string) => new URL(address, window.location.origin).searchParams

describe("the shop's first read (what the BFF answers inside the page)", () => {
  it.each(SHOP_ADDRESSES)("is the first page %s lists", async (address) => {
    const fetchMock = mockFetch(emptyListing)

    renderApp(address)

    const [read] = firstReads.shop(searchOf(address)).reads
    await waitFor(() => expect(listingReadsSent(fetchMock)[0]).toBe(keyOf(read!)))
  })

  it.each(SHOP_ADDRESSES)("renders %s the same at the address the BFF keeps its render under", (address) => {
    const { address: kept, reads } = firstReads.shop(searchOf(address))
    const answers = Object.fromEntries(reads.map((read) => [keyOf(read), { products: [buildProduct({ title: "Boxy Tee" })], total: 1 }]))
    const asked = (url: string) => renderPage({ url, origin: window.location.origin, sentAt: 1, answers })

    expect(asked(kept)?.html).toContain("Boxy Tee")
    expect(asked(kept)).toEqual(asked(address))
  })

  it("keeps only what the page reads in the address, spelled as the page writes it", () => {
    const addressOf = (search: string) => firstReads.shop(new URLSearchParams(search)).address
    expect(addressOf("utm_source=x&zz=1")).toBe("/shop?g=MEN")
    expect(addressOf("sort=newest&g=WOMEN&wg=WESTERN&type=UPPERS&utm_campaign=drop")).toBe("/shop?g=WOMEN&sort=newest&wg=WESTERN")
    expect(addressOf("g=MEN&type=LOWERS&sub=jeans&fabric=Denim&fabric=Cotton&ref=1")).toBe("/shop?fabric=Denim&g=MEN&sub=Jeans&type=LOWERS")
  })
})
