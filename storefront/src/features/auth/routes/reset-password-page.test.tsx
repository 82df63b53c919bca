import { act, fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { errorResponse, jsonResponse, mockSessionApi } from "@/testing/mock-fetch"
import { currentLocation, renderApp } from "@/testing/test-utils"

const fill = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

afterEach(() => {
  vi.useRealTimers()
})

const updateButton = () => screen.getByRole("button", { name: "Update password" })

describe("/reset-password", () => {
  it("says the token is missing and keeps the button disabled without one", () => {
    mockSessionApi(null)
    renderApp("/reset-password")

    expect(screen.getByRole("alert")).toHaveTextContent(/^Missing reset token\. Please use the link from your email\.$/)
    fill("New password", "streets1")
    fill("Confirm password", "streets1")
    expect(updateButton()).toBeDisabled()
  })

  it("shows the hint and enables the button only for a valid, confirmed password", () => {
    mockSessionApi(null)
    renderApp("/reset-password?token=abc")

    expect(screen.getByText("At least 8 characters, include a letter and a number.")).toBeInTheDocument()
    expect(updateButton()).toBeDisabled()
    fill("New password", "12345678")
    fill("Confirm password", "12345678")
    expect(updateButton()).toBeDisabled()
    fill("New password", "streets1")
    expect(updateButton()).toBeDisabled()
    fill("Confirm password", "streets1")
    expect(updateButton()).toBeEnabled()
  })

  it("shows and hides both passwords", () => {
    mockSessionApi(null)
    renderApp("/reset-password?token=abc")

    expect(screen.getByLabelText("New password")).toHaveAttribute("type", "password")
    fireEvent.click(screen.getByRole("button", { name: "Show password" }))
    expect(screen.getByLabelText("New password")).toHaveAttribute("type", "text")
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("type", "text")
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }))
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("type", "password")
  })

  it("updates the password, says so, then goes to /login after a second", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetchMock = mockSessionApi(null, (url) =>
      url.pathname === "/api/auth/reset-password" ? jsonResponse({ message: "Password updated" }) : errorResponse("Not found", 404),
    )
    renderApp("/reset-password?token=tok_123")
    fill("New password", "streets1")
    fill("Confirm password", "streets1")
    fireEvent.click(updateButton())

    expect(await screen.findByRole("status")).toHaveTextContent(/^Password updated\. Redirecting to login…$/)
    expect(currentLocation()).toBe("/reset-password?token=tok_123")
    await act(() => vi.advanceTimersByTimeAsync(700))
    expect(currentLocation()).toBe("/reset-password?token=tok_123")
    await act(() => vi.advanceTimersByTimeAsync(300))
    await waitFor(() => {
      expect(currentLocation()).toBe("/login")
    })
    const call = fetchMock.mock.calls.find(([input]) => String(input) === "/api/auth/reset-password")
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: "tok_123", password: "streets1" })
  })

  it("shows the server's message, else that the link is invalid or expired", async () => {
    let answer = errorResponse("Reset link is invalid or expired", 400)
    mockSessionApi(null, () => answer)
    renderApp("/reset-password?token=old")
    fill("New password", "streets1")
    fill("Confirm password", "streets1")
    fireEvent.click(updateButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Reset link is invalid or expired$/)

    answer = errorResponse("Password too weak", 400)
    fireEvent.click(updateButton())
    expect(await screen.findByText("Password too weak")).toBeInTheDocument()

    answer = new Response("", { status: 500 })
    fireEvent.click(updateButton())
    expect(await screen.findByText("Reset link is invalid or expired")).toBeInTheDocument()
  })
})
