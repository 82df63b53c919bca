import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { calledUrls, jsonResponse, mockSessionApi } from "@/testing/mock-fetch"
import { buildProduct } from "@/testing/product-factory"
import { renderWithProviders } from "@/testing/test-utils"
import type { Product } from "@fitshop/contracts"
import { CategoryPicker } from "./category-picker"

const listResponse = (products: Product[]) => jsonResponse({ products, total: products.length })

const tileHrefs = () => screen.getAllByTestId("category-tile").map((tile) => [tile.textContent, tile.getAttribute("href")])

describe("CategoryPicker", () => {
  it("links each Uppers tile to the men’s shop with the type and subcategory", () => {
    mockSessionApi(null, () => listResponse([]))

    renderWithProviders(<CategoryPicker />)

    expect(screen.getByRole("tab", { name: "Uppers" })).toHaveAttribute("aria-selected", "true")
    expect(tileHrefs()).toEqual([
      ["Hoodies", "/shop?g=MEN&type=UPPERS&sub=Hoodies"],
      ["Polo", "/shop?g=MEN&type=UPPERS&sub=Polo"],
      ["Oversized", "/shop?g=MEN&type=UPPERS&sub=Oversized"],
      ["Regular", "/shop?g=MEN&type=UPPERS&sub=Regular"],
    ])
    expect(screen.getByRole("link", { name: "Browse all" })).toHaveAttribute("href", "/shop?g=MEN&type=UPPERS")
  })

  it("switches to Lowers and encodes subcategories with spaces", () => {
    mockSessionApi(null, () => listResponse([]))

    renderWithProviders(<CategoryPicker />)
    fireEvent.click(screen.getByRole("tab", { name: "Lowers" }))

    expect(screen.getByRole("tab", { name: "Lowers" })).toHaveAttribute("aria-selected", "true")
    expect(tileHrefs()).toEqual([
      ["Jeans", "/shop?g=MEN&type=LOWERS&sub=Jeans"],
      ["Loose fit", "/shop?g=MEN&type=LOWERS&sub=Loose%20fit"],
      ["Cargo pants", "/shop?g=MEN&type=LOWERS&sub=Cargo%20pants"],
      ["Slim fit", "/shop?g=MEN&type=LOWERS&sub=Slim%20fit"],
      ["Straight fit", "/shop?g=MEN&type=LOWERS&sub=Straight%20fit"],
    ])
    expect(screen.getByRole("link", { name: "Browse all" })).toHaveAttribute("href", "/shop?g=MEN&type=LOWERS")
  })

  it("moves between tabs with the arrow keys", () => {
    mockSessionApi(null, () => listResponse([]))

    renderWithProviders(<CategoryPicker />)
    fireEvent.keyDown(screen.getByRole("tab", { name: "Uppers" }), { key: "ArrowRight" })

    const lowers = screen.getByRole("tab", { name: "Lowers" })
    expect(lowers).toHaveAttribute("aria-selected", "true")
    expect(lowers).toHaveFocus()
  })

  it("pictures a tile with a product of its subcategory and leaves the others text-only", async () => {
    const hoodie = buildProduct({
      images: [{ url: "/media/products/hoodie.webp", altText: null, isPrimary: true, position: 0 }],
    })
    const fetchMock = mockSessionApi(null, (url) => listResponse(["Hoodies", "Oversized"].includes(url.searchParams.get("subcategory") ?? "") ? [hoodie] : []))

    renderWithProviders(<CategoryPicker />)

    const tile = (name: string) => screen.getByRole("link", { name })
    const image = await waitFor(() => {
      const found = tile("Hoodies").querySelector("img")
      expect(found).not.toBeNull()
      return found
    })
    expect(image).toHaveAttribute("src", `${window.location.origin}/media/products/hoodie.webp`)
    expect(image).toHaveAttribute("width", "400")
    expect(image).toHaveAttribute("height", "500")
    // The first row is the page's largest paint on a phone: loaded first; later rows lazily.
    expect(image).toHaveAttribute("loading", "eager")
    expect(image).toHaveAttribute("fetchpriority", "high")
    await waitFor(() => expect(tile("Oversized").querySelector("img")).toHaveAttribute("loading", "lazy"))
    expect(tile("Polo").querySelector("img")).toBeNull()
    expect(tile("Polo")).toHaveClass("home-category-tile--text")
    const hoodiesCall = calledUrls(fetchMock, "/api/products").find((url) => url.searchParams.get("subcategory") === "Hoodies")
    expect(Object.fromEntries(hoodiesCall?.searchParams ?? [])).toEqual({
      active: "true",
      gender: "MEN",
      categoryType: "UPPERS",
      subcategory: "Hoodies",
      limit: "1",
    })
  })
})
