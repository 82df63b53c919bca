import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { storageKeys } from "@/lib/storage"
import { answerRoutes, callsTo, errorResponse, jsonResponse, sentBody, type ApiRoute } from "@/testing/mock-fetch"
import { currentLocation, renderAppSignedIn } from "@/testing/test-utils"

const WRONG_PASSWORD = "That password is not right, so your account was not deleted."
const OPEN_ORDER = "You have an order that is not yet delivered, cancelled or returned. Your account can be deleted once that is finished."

/** A signed-in shopper on the Profile tab; `routes` answer the data-rights calls (the marketing choice too). */
function openProfile(routes: ApiRoute[]) {
  return renderAppSignedIn(
    "/account?tab=profile",
    answerRoutes([{ method: "GET", path: "/api/users/me/marketing", answer: () => jsonResponse({ marketingOptIn: false }) }, ...routes]),
  )
}

/** The delete route answering each submitted password with `answer`. */
const deleteRoute = (answer: (password: string) => Response): ApiRoute => ({
  method: "POST",
  path: "/api/account/delete",
  answer: (_url, init) => answer((JSON.parse(String(init?.body)) as { password: string }).password),
})

async function confirmDeletion(password: string) {
  fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }))
  const dialog = await screen.findByRole("dialog", { name: "Delete my account" })
  fireEvent.change(within(dialog).getByLabelText("Your password"), { target: { value: password } })
  fireEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }))
  return dialog
}

afterEach(() => {
  Reflect.deleteProperty(URL, "createObjectURL")
  Reflect.deleteProperty(URL, "revokeObjectURL")
})

describe("the Profile tab's data rights", () => {
  it("downloads my data with the shopper's token under the server's file name", async () => {
    Object.defineProperty(URL, "createObjectURL", { configurable: true, value: vi.fn(() => "blob:my-data") })
    Object.defineProperty(URL, "revokeObjectURL", { configurable: true, value: vi.fn() })
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const file = () =>
      new Response('{"profile":{}}', {
        headers: { "Content-Type": "application/json", "Content-Disposition": 'attachment; filename="buildyourfit-export-2026-12-07.json"' },
      })
    const fetchMock = openProfile([{ method: "GET", path: "/api/account/export", answer: file }])

    fireEvent.click(await screen.findByRole("button", { name: "Download my data" }))

    await waitFor(() => {
      expect(saved).toEqual(["buildyourfit-export-2026-12-07.json"])
    })
    const [[, init]] = callsTo(fetchMock, "GET", "/api/account/export") as [[unknown, RequestInit]]
    expect(new Headers(init.headers).get("Authorization")).toMatch(/^Bearer \S+/)
  })

  it("asks the password in a confirm step that says what stays and why; cancelling deletes nothing", async () => {
    const fetchMock = openProfile([deleteRoute(() => jsonResponse({ deleted: true, message: "deleted" }))])
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }))
    const dialog = await screen.findByRole("dialog", { name: "Delete my account" })
    expect(dialog).toHaveTextContent("Your orders, invoices and credit notes stay with us for 72 months, because GST law requires it")
    expect(within(dialog).getByRole("button", { name: "Delete my account" })).toBeDisabled()
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep my account" }))
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
    expect(callsTo(fetchMock, "POST", "/api/account/delete")).toHaveLength(0)
  })

  it("says why a wrong password or an open order refused the deletion, and keeps the session", async () => {
    openProfile([deleteRoute((password) => (password === "right-pass-1" ? errorResponse(OPEN_ORDER, 409) : errorResponse(WRONG_PASSWORD, 403)))])
    const dialog = await confirmDeletion("wrong-pass")
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(WRONG_PASSWORD)
    fireEvent.change(within(dialog).getByLabelText("Your password"), { target: { value: "right-pass-1" } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }))
    await waitFor(() => {
      expect(within(dialog).getByRole("alert")).toHaveTextContent(OPEN_ORDER)
    })
    expect(window.localStorage.getItem(storageKeys.accessToken)).not.toBeNull()
    expect(currentLocation()).toBe("/account?tab=profile")
  })

  it("deletes the account with the password given and ends the session here, as a logout does", async () => {
    const fetchMock = openProfile([deleteRoute(() => jsonResponse({ deleted: true, message: "Your account is deleted." }))])
    await confirmDeletion("right-pass-1")
    await waitFor(() => {
      expect(currentLocation()).toBe("/login?next=%2Faccount%3Ftab%3Dprofile")
    })
    expect(sentBody(fetchMock, "POST", "/api/account/delete")).toEqual({ password: "right-pass-1" })
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull()
  })
})
