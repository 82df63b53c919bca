import { describe, expect, it } from "vitest"
import { canResetPassword, isValidNewPassword, isValidSignupPassword } from "./password"

describe("isValidSignupPassword", () => {
  it("accepts 8 or more characters with a letter and a digit", () => {
    expect(isValidSignupPassword("streets1")).toBe(true)
  })

  it("rejects short passwords and passwords without a letter or a digit", () => {
    expect(isValidSignupPassword("street1")).toBe(false)
    expect(isValidSignupPassword("streetwear")).toBe(false)
    expect(isValidSignupPassword("12345678")).toBe(false)
    expect(isValidSignupPassword("")).toBe(false)
  })
})

describe("isValidNewPassword", () => {
  it("needs a letter and a digit and 8 characters", () => {
    expect(isValidNewPassword("streets1")).toBe(true)
    expect(isValidNewPassword("12345678")).toBe(false)
    expect(isValidNewPassword("streetwear")).toBe(false)
    expect(isValidNewPassword("abc1234")).toBe(false)
  })
})

describe("canResetPassword", () => {
  it("needs a token, a valid password and a matching confirmation", () => {
    expect(canResetPassword("tok", "streets1", "streets1")).toBe(true)
    expect(canResetPassword(null, "streets1", "streets1")).toBe(false)
    expect(canResetPassword("", "streets1", "streets1")).toBe(false)
    expect(canResetPassword("tok", "streets1", "streets2")).toBe(false)
    expect(canResetPassword("tok", "short1", "short1")).toBe(false)
  })
})
