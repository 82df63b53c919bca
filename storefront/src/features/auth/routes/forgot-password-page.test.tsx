import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { errorResponse, jsonResponse, mockSessionApi } from "@/testing/mock-fetch"
import { renderApp } from "@/testing/test-utils"

const requestLink = (email: string) => {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } })
  fireEvent.click(screen.getByRole("button", { name: "Send reset link" }))
}

describe("/forgot-password", () => {
  it("has a required e-mail field and a link back to /login", () => {
    mockSessionApi(null)
    renderApp("/forgot-password")

    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email")
    expect(screen.getByLabelText("Email")).toBeRequired()
    expect(screen.getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/login")
  })

  it("sends the e-mail and says a link is on its way", async () => {
    let release: () => void = () => undefined
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    const fetchMock = mockSessionApi(null, async (url) => {
      await answered
      return url.pathname === "/api/auth/forgot-password"
        ? jsonResponse({ message: "If that account exists, a link is on its way." })
        : jsonResponse({ error: "Not found" }, 404)
    })
    renderApp("/forgot-password")
    requestLink("ravi@example.test")

    expect(await screen.findByRole("button", { name: "Sending…" })).toBeDisabled()
    release()
    expect(await screen.findByRole("status")).toHaveTextContent(/^we sent a reset link to your Email\. Check your inbox\.$/)
    const call = fetchMock.mock.calls.find(([input]) => String(input) === "/api/auth/forgot-password")
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: "ravi@example.test" })
  })

  it("shows the server's error message when the request fails", async () => {
    mockSessionApi(null, () => errorResponse("Too many requests", 429))
    renderApp("/forgot-password")
    requestLink("ravi@example.test")

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Too many requests$/)
  })

  it("suggests signing up when the failure carries no text", async () => {
    mockSessionApi(null, () => new Response("", { status: 500 }))
    renderApp("/forgot-password")
    requestLink("ravi@example.test")

    expect(await screen.findByRole("alert")).toHaveTextContent(/^You dont have an account , please sign up$/)
  })
})
