import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { BRAND_NAME } from "@/config/brand"
import { currentLocation, renderWithProviders } from "@/testing/test-utils"
import { Hero } from "./hero"

describe("Hero", () => {
  it('reads "Build Your Fit with" the brand in the only h1', () => {
    renderWithProviders(<Hero />)

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(`Build Your Fit with ${BRAND_NAME}`)
  })

  it.each([
    ["Shop for Mens", "/shop?g=MEN"],
    ["Shop for Womens", "/shop?g=WOMEN"],
  ])('"%s" opens %s', (name, target) => {
    renderWithProviders(<Hero />)

    const link = screen.getByRole("link", { name })
    expect(link).toHaveAttribute("href", target)
    fireEvent.click(link)

    expect(currentLocation()).toBe(target)
  })

  it('links "Explore FitFeed" to the feed', () => {
    renderWithProviders(<Hero />)

    expect(screen.getByRole("link", { name: "Explore FitFeed" })).toHaveAttribute("href", "/fitfeed")
  })
})
