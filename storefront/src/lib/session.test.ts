import { describe, expect, it, vi } from "vitest"
import { buildSession, buildUser, storeSession } from "@/testing/user-factory"
import { clearSession, parseUser, readSession, saveSession, storeUser, subscribeSession } from "./session"

describe("parseUser", () => {
  it("keeps a user as the BFF sends it", () => {
    const user = buildUser({ avatarUrl: "/media/a.png", phone: "+919800000000", role: "admin" })
    expect(parseUser(user)).toEqual(user)
  })

  it("tolerates missing optional fields and numeric ids", () => {
    expect(parseUser({ id: 7, email: "a@example.test" })).toEqual({
      id: "7",
      name: "",
      email: "a@example.test",
      handle: "",
      avatarUrl: null,
      phone: null,
      role: "customer",
    })
  })

  it.each([null, "me", {}, { id: "" }, { name: "No id" }])("rejects %j", (value) => {
    expect(parseUser(value)).toBeNull()
  })
})

describe("session store", () => {
  it("reads what an earlier visit (or the admin console) stored under accessToken and me", () => {
    const session = buildSession()
    storeSession(session)

    expect(readSession()).toEqual(session)
    expect(readSession()).toBe(readSession())
  })

  it("treats an unreadable stored user as missing, but still counts the token", () => {
    window.localStorage.setItem("accessToken", "tok")
    window.localStorage.setItem("me", "{not json")

    expect(readSession()).toEqual({ accessToken: "tok", user: null })
  })

  it("saves, updates and clears the session, telling subscribers each time", () => {
    const listener = vi.fn()
    const unsubscribe = subscribeSession(listener)
    const session = buildSession()

    saveSession(session)
    expect(window.localStorage.getItem("accessToken")).toBe(session.accessToken)
    const renamed = { ...session.user, name: "Renamed" }
    storeUser(renamed)
    expect(readSession().user).toEqual(renamed)
    clearSession()
    expect(readSession()).toEqual({ accessToken: null, user: null })
    expect(listener).toHaveBeenCalledTimes(3)
    unsubscribe()
  })
})
