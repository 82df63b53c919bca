import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { calledUrls, jsonResponse, mockSessionApi } from "@/testing/mock-fetch"
import { buildProduct } from "@/testing/product-factory"
import { renderWithProviders } from "@/testing/test-utils"
import type { Product } from "@fitshop/contracts"
import { BestSellers } from "./best-sellers"

const eightProducts = () => Array.from({ length: 8 }, (_, index) => buildProduct({ title: `Legend ${String(index + 1)}`, basePrice: 100000 + index * 10000 }))

const answerWith = (products: Product[]) => jsonResponse({ products, total: products.length })

describe("BestSellers", () => {
  it("asks for the 8 most popular active products", async () => {
    const fetchMock = mockSessionApi(null, () => answerWith(eightProducts()))

    renderWithProviders(<BestSellers />)
    await screen.findAllByTestId("best-seller-card")

    const [url] = calledUrls(fetchMock, "/api/products")
    expect(url?.search).toBe("?active=true&sort=popular&limit=8")
  })

  it("ranks the 8 cards #1 to #8 with title, price, picture and a quick view link", async () => {
    const products = eightProducts()
    mockSessionApi(null, () => answerWith(products))

    renderWithProviders(<BestSellers />)

    const cards = await screen.findAllByTestId("best-seller-card")
    expect(cards).toHaveLength(8)
    cards.forEach((card, index) => {
      const product = products[index]
      expect(within(card).getByText(`#${String(index + 1)}`)).toBeInTheDocument()
      expect(within(card).getByRole("heading", { level: 3 })).toHaveTextContent(product?.title ?? "")
      expect(within(card).getByRole("link", { name: "Quick view" })).toHaveAttribute("href", `/product/${product?.id ?? ""}`)
      const image = within(card).getByRole("img", { name: product?.title ?? "" })
      expect(image).toHaveAttribute("width", "320")
      expect(image).toHaveAttribute("height", "400")
      expect(image).toHaveAttribute("loading", "lazy")
    })
    expect(within(cards[0] ?? document.body).getByText("₹1,000.00")).toBeInTheDocument()
    expect(within(cards[7] ?? document.body).getByText("₹1,700.00")).toBeInTheDocument()
  })

  it("scrolls the list 320 px each way with the arrow buttons", async () => {
    mockSessionApi(null, () => answerWith(eightProducts()))

    renderWithProviders(<BestSellers />)
    await screen.findAllByTestId("best-seller-card")
    const list = screen.getByRole("list", { name: "Street Legends" })
    const scrollBy = vi.fn()
    list.scrollBy = scrollBy

    fireEvent.click(screen.getByRole("button", { name: "Scroll right" }))
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 320 })
    fireEvent.click(screen.getByRole("button", { name: "Scroll left" }))
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -320 })
    expect(scrollBy).toHaveBeenCalledTimes(2)
  })

  it("shows an empty list without an error when the load fails", async () => {
    mockSessionApi(null, () => jsonResponse({ error: "Internal error" }, 500))

    renderWithProviders(<BestSellers />)

    const list = screen.getByRole("list", { name: "Street Legends" })
    await vi.waitFor(() => {
      expect(list).toHaveAttribute("aria-busy", "false")
    })
    expect(within(list).queryAllByRole("listitem")).toHaveLength(0)
    expect(screen.queryByRole("alert")).toBeNull()
    expect(screen.queryByRole("button", { name: "Scroll right" })).toBeNull()
  })
})
