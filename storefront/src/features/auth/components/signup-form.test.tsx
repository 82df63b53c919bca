import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { errorResponse, jsonResponse, mockSessionApi } from "@/testing/mock-fetch"
import { renderApp } from "@/testing/test-utils"

const signedUp = () => jsonResponse({ message: "Check your email", needsVerification: true, email: "ravi@example.test" }, 201)

/** The sign-up tab, its BFF answering the handle check and the sign-up; returns the bodies the sign-up sent. */
function openSignup() {
  const bodies: unknown[] = []
  mockSessionApi(null, (url, init) => {
    if (url.pathname === "/api/fitfeed/handle/check") return jsonResponse({ available: true })
    if (url.pathname === "/api/auth/signup") {
      bodies.push(JSON.parse(String(init?.body)))
      return signedUp()
    }
    return errorResponse("Not found", 404)
  })
  renderApp("/login")
  fireEvent.click(screen.getByRole("tab", { name: "Sign up" }))
  for (const [label, value] of [
    ["Name", "Ravi Kumar"],
    ["Email", "ravi@example.test"],
    ["Password", "streets1"],
    ["Handle", "ravi"],
  ]) {
    fireEvent.change(screen.getByLabelText(label!), { target: { value } })
  }
  return bodies
}

const marketingBox = () => screen.getByRole("checkbox", { name: /new drops and offers/ })

describe("the sign-up form", () => {
  it("says in one line what is kept and why, linking the privacy notice", () => {
    openSignup()
    const notice = screen.getByText(/We keep your name, e-mail and @handle/)
    expect(notice).toHaveTextContent("We keep your name, e-mail and @handle to run your account, your orders and your FITFEED profile")
    expect(within(notice).getByRole("link", { name: "privacy notice" })).toHaveAttribute("href", "/privacy")
  })

  it("leaves marketing messages off unless ticked, and sends the choice apart from the account", async () => {
    const bodies = openSignup()
    expect(marketingBox()).not.toBeChecked()
    fireEvent.click(screen.getByRole("button", { name: "Create account" }))
    expect(await screen.findByText(/Enter it below to verify/)).toBeInTheDocument()
    expect(bodies).toEqual([expect.objectContaining({ handle: "ravi", marketingOptIn: false })])
  })

  it("sends marketingOptIn true when the box is ticked", async () => {
    const bodies = openSignup()
    fireEvent.click(marketingBox())
    expect(marketingBox()).toBeChecked()
    fireEvent.click(screen.getByRole("button", { name: "Create account" }))
    expect(await screen.findByText(/Enter it below to verify/)).toBeInTheDocument()
    expect(bodies).toEqual([expect.objectContaining({ marketingOptIn: true })])
  })
})
