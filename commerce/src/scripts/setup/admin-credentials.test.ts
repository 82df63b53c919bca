import { describe, expect, it } from "vitest"
import { adminCredentialsFrom } from "./admin-credentials"

const PASSWORD = "correct-horse-battery"

describe("adminCredentialsFrom", () => {
  it("takes the first staff account from ADMIN_EMAIL and ADMIN_PASSWORD", () => {
    expect(adminCredentialsFrom({ ADMIN_EMAIL: "ops@buildyourfit.in", ADMIN_PASSWORD: PASSWORD })).toEqual({
      email: "ops@buildyourfit.in",
      password: PASSWORD,
    })
  })

  it("names both variables when neither is set", () => {
    expect(() => adminCredentialsFrom({})).toThrow(/ADMIN_EMAIL is not set; ADMIN_PASSWORD is not set/)
  })

  it("refuses a malformed e-mail", () => {
    for (const email of ["ops", "ops@shop", "ops @shop.in", "@shop.in"]) {
      expect(() => adminCredentialsFrom({ ADMIN_EMAIL: email, ADMIN_PASSWORD: PASSWORD })).toThrow(/is not an e-mail address/)
    }
  })

  it("refuses a password shorter than 12 characters without printing it", () => {
    const attempt = () => adminCredentialsFrom({ ADMIN_EMAIL: "ops@buildyourfit.in", ADMIN_PASSWORD: "short-pass1" })
    expect(attempt).toThrow(/ADMIN_PASSWORD must be at least 12 characters/)
    expect(attempt).not.toThrow(/short-pass1/)
  })
})
