import { act, fireEvent, render, screen } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { EarlyAccessForm } from "./early-access-form"

function submit(email: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } })
  fireEvent.click(screen.getByRole("button", { name: "Get early access" }))
}

const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

describe("EarlyAccessForm", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('says "You’re on the list." after 600 ms and sends nothing', () => {
    const fetchMock = vi.fn()
    vi.stubGlobal("fetch", fetchMock)
    render(<EarlyAccessForm />)

    submit("someone@example.com")
    expect(screen.getByRole("button", { name: "Get early access" })).toBeDisabled()
    advance(599)
    expect(screen.getByRole("status")).toHaveTextContent("")
    advance(1)

    expect(screen.getByRole("status")).toHaveTextContent("You’re on the list.")
    expect(screen.queryByRole("alert")).toBeNull()
    expect(screen.getByRole("button", { name: "Get early access" })).toBeEnabled()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says "Something went wrong." after 600 ms for an invalid e-mail', () => {
    render(<EarlyAccessForm />)

    submit("not-an-email")
    advance(599)
    expect(screen.queryByRole("alert")).toBeNull()
    advance(1)

    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong.")
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true")
    expect(screen.getByRole("status")).toHaveTextContent("")
  })
})
