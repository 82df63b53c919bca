import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { ApiError } from "@/lib/api-client"
import { deferred } from "@/testing/deferred"
import { ReportForm } from "./report-form"

const NO_REASON = "Say what is wrong."

/** The form with `send` settled by hand; the check refuses a blank reason. */
function renderForm() {
  const call = deferred<unknown>()
  const send = vi.fn(() => call.promise)
  render(
    <ReportForm
      subject="thing"
      reasons={["Spam"]}
      name="thing-report-reason"
      validate={(reason) => (reason.trim() ? null : NO_REASON)}
      send={send}
      thanks="Thanks for the report."
      onClose={vi.fn()}
    />,
  )
  return { call, send }
}

describe("ReportForm", () => {
  it("sends the reason written under 'Something else', trimmed, and is disabled while it is sent", () => {
    const { send } = renderForm()

    fireEvent.click(screen.getByRole("radio", { name: "Something else" }))
    fireEvent.change(screen.getByRole("textbox", { name: "Your reason" }), { target: { value: "  Copied from another shop  " } })
    fireEvent.click(screen.getByRole("button", { name: "Report" }))

    expect(send).toHaveBeenCalledWith("Copied from another shop")
    expect(screen.getByRole("button", { name: "Reporting…" })).toBeDisabled()
  })

  it("shows the server's refusal and lets the reader send again", async () => {
    const { call, send } = renderForm()
    expect(screen.getByRole("group", { name: "Why are you reporting this thing?" })).toBeInTheDocument()

    fireEvent.click(screen.getByRole("button", { name: "Report" }))
    expect(screen.getByRole("alert")).toHaveTextContent(NO_REASON)
    expect(send).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole("radio", { name: "Spam" }))
    fireEvent.click(screen.getByRole("button", { name: "Report" }))
    call.reject(new ApiError(409, { error: "You already reported this." }))

    expect(await screen.findByRole("alert")).toHaveTextContent("You already reported this.")
    expect(screen.getByRole("button", { name: "Report" })).toBeEnabled()
    expect(screen.queryByRole("status")).toBeNull()
  })
})
