import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { errorResponse, jsonResponse, mockSessionApi } from "@/testing/mock-fetch"
import { renderApp } from "@/testing/test-utils"
import { buildSession, storeSession } from "@/testing/user-factory"

/** The Profile tab of a shopper whose stored choice is `stored`; the BFF keeps what each PUT sends. */
function openProfile(stored: boolean, { failPut = false } = {}) {
  const session = buildSession()
  storeSession(session)
  let choice = stored
  const puts: unknown[] = []
  mockSessionApi(session, (url, init) => {
    if (url.pathname !== "/api/users/me/marketing") return errorResponse("Not found", 404)
    if (init?.method === "PUT") {
      puts.push(JSON.parse(String(init.body)))
      if (failPut) return errorResponse("Could not save right now", 503)
      choice = (JSON.parse(String(init.body)) as { marketingOptIn: boolean }).marketingOptIn
    }
    return jsonResponse({ marketingOptIn: choice })
  })
  renderApp("/account?tab=profile")
  return puts
}

const box = () => screen.findByRole("checkbox", { name: "E-mail me about new drops and offers" })

describe("the Profile tab's marketing choice", () => {
  it("shows the choice made at sign-up and withdraws it with one click", async () => {
    const puts = openProfile(true)
    expect(await box()).toBeChecked()
    fireEvent.click(await box())
    await waitFor(async () => {
      expect(await box()).not.toBeChecked()
    })
    expect(puts).toEqual([{ marketingOptIn: false }])
  })

  it("gives consent again as easily, and says so when the change could not be saved", async () => {
    const puts = openProfile(false, { failPut: true })
    expect(await box()).not.toBeChecked()
    fireEvent.click(await box())
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not save right now")
    expect(await box()).not.toBeChecked()
    expect(puts).toEqual([{ marketingOptIn: true }])
  })
})
