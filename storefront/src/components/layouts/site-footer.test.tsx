import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { errorResponse, mockFetch } from "@/testing/mock-fetch"
import { renderApp } from "@/testing/test-utils"

describe("every page's footer", () => {
  it.each(["/", "/shop", "/cart", "/login", "/fitfeed", "/no/such/page", "/privacy"])("links the six policy pages on %s", (route) => {
    mockFetch(() => errorResponse("unavailable", 503))
    renderApp(route)
    const policies = within(screen.getByRole("navigation", { name: "Policies" }))
    expect(policies.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Terms of use", "/terms"],
      ["Privacy notice", "/privacy"],
      ["Returns and exchanges", "/returns-policy"],
      ["Shipping", "/shipping-policy"],
      ["Reviews policy", "/reviews-policy"],
      ["Contact and grievances", "/contact"],
    ])
  })
})
