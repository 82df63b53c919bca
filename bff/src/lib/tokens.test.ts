import { describe, expect, it } from "vitest"
import { signAccessToken, verifyAccessToken } from "./tokens.js"

const secret = "s".repeat(32)
const claims = { sub: "user-1", sid: "family-1", role: "customer" }

describe("access tokens", () => {
  it("verifies a token it signed", () => {
    expect(verifyAccessToken(signAccessToken(claims, secret, 900), secret)).toEqual(claims)
  })

  it("rejects an expired token, another secret's token and a tampered payload", () => {
    const issued = Date.now() - 901_000
    expect(verifyAccessToken(signAccessToken(claims, secret, 900, issued), secret)).toBeUndefined()
    expect(verifyAccessToken(signAccessToken(claims, "t".repeat(32), 900), secret)).toBeUndefined()
    const [header, , signature] = signAccessToken(claims, secret, 900).split(".")
    const forged = Buffer.from(JSON.stringify({ ...claims, role: "admin", exp: 9_999_999_999 })).toString("base64url")
    expect(verifyAccessToken(`${header}.${forged}.${signature}`, secret)).toBeUndefined()
    expect(verifyAccessToken("not.a.token", secret)).toBeUndefined()
  })
})
