import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { buildProduct } from "@/testing/product-factory"
import { currentLocation, renderWithProviders } from "@/testing/test-utils"
import { BestSellerCard } from "./best-seller-card"

describe("BestSellerCard", () => {
  it("keeps a click on the wardrobe button from reaching the card", () => {
    const product = buildProduct({ title: "Night Rider Hoodie" })
    const onCardClick = vi.fn()
    renderWithProviders(
      <div role="presentation" onClick={onCardClick}>
        <BestSellerCard product={product} rank={1} />
      </div>,
    )

    const button = screen.getByRole("button", { name: "Add to wardrobe" })
    const defaultAllowed = fireEvent.click(button)

    expect(defaultAllowed).toBe(false)
    expect(onCardClick).not.toHaveBeenCalled()
    expect(currentLocation()).toBe("/")
    expect(button).toHaveAccessibleDescription("Night Rider Hoodie")
  })

  it('opens the product from "Quick view"', () => {
    const product = buildProduct()
    renderWithProviders(<BestSellerCard product={product} rank={3} />)

    fireEvent.click(screen.getByRole("link", { name: "Quick view" }))

    expect(currentLocation()).toBe(`/product/${product.id}`)
  })
})
