import { describe, expect, it } from "vitest"
import { clearSession, getAccessToken, getSessionUser, isStaff, saveSession, storeAccessToken } from "./session"

const staff = { id: "usr_01", name: "Asha Rao", email: "asha@example.in", handle: "asha", avatarUrl: null, phone: null, role: "admin" as const }

describe("the console's session", () => {
  it("is kept under the storefront's keys, accessToken and me", () => {
    saveSession("token-1", staff)

    expect(localStorage.getItem("accessToken")).toBe("token-1")
    expect(JSON.parse(localStorage.getItem("me") ?? "null")).toEqual(staff)
    expect(getAccessToken()).toBe("token-1")
    expect(getSessionUser()).toEqual(staff)
  })

  it("reads a user the storefront stored, filling what it left out", () => {
    localStorage.setItem("me", JSON.stringify({ id: 7, email: "kabir@example.in" }))

    expect(getSessionUser()).toEqual({ id: "7", name: "", email: "kabir@example.in", handle: "", avatarUrl: null, phone: null, role: "customer" })
  })

  it("treats an unreadable stored user as missing", () => {
    localStorage.setItem("me", "{not json")
    expect(getSessionUser()).toBeNull()
  })

  it("keeps a refreshed token, replacing the user only when the answer carried one", () => {
    saveSession("token-1", staff)
    storeAccessToken("token-2", null)
    expect(getAccessToken()).toBe("token-2")
    expect(getSessionUser()).toEqual(staff)
    storeAccessToken("token-3", { ...staff, name: "Asha R." })
    expect(getSessionUser()?.name).toBe("Asha R.")
  })

  it("clears both keys", () => {
    saveSession("token-1", staff)
    clearSession()
    expect(localStorage.getItem("accessToken")).toBeNull()
    expect(localStorage.getItem("me")).toBeNull()
  })

  it("lets only role admin in", () => {
    expect(isStaff(staff)).toBe(true)
    expect(isStaff({ ...staff, role: "customer" })).toBe(false)
    expect(isStaff(null)).toBe(false)
  })
})
