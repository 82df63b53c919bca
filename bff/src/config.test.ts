import { describe, expect, it } from "vitest"
import { loadConfig } from "./config.js"

const SECRETS = { AUTH_TOKEN_SECRET: "a".repeat(32), INTERNAL_API_SECRET: "b".repeat(16) }

describe("loadConfig", () => {
  it("fills defaults around a valid DATABASE_URL", () => {
    const config = loadConfig({ ...SECRETS, DATABASE_URL: "postgres://postgres@127.0.0.1:5432/shop" })
    expect(config.PORT).toBe(8080)
    expect(config.REDIS_URL).toBeUndefined()
    expect(config.MEDUSA_URL).toBe("http://127.0.0.1:9000")
  })

  it("names a missing DATABASE_URL on one line", () => {
    expect(() => loadConfig({ ...SECRETS })).toThrowError(/^Invalid configuration: DATABASE_URL is required$/)
  })

  it("names every wrong variable", () => {
    const load = () => loadConfig({ ...SECRETS, DATABASE_URL: "mysql://x", PORT: "eighty", REDIS_URL: "not a url" })
    expect(load).toThrowError(/DATABASE_URL must be a postgres:\/\/ URL/)
    expect(load).toThrowError(/PORT /)
    expect(load).toThrowError(/REDIS_URL /)
    expect(load).toThrowError(/^[^\n]+$/)
  })

  it("treats an empty REDIS_URL as not set", () => {
    expect(loadConfig({ ...SECRETS, DATABASE_URL: "postgres://h/db", REDIS_URL: "" }).REDIS_URL).toBeUndefined()
  })

  it("requires SMTP in production and long enough secrets", () => {
    expect(() => loadConfig({ ...SECRETS, DATABASE_URL: "postgres://h/db", NODE_ENV: "production" })).toThrowError(/SMTP_URL is required in production/)
    expect(() => loadConfig({ DATABASE_URL: "postgres://h/db", AUTH_TOKEN_SECRET: "short", INTERNAL_API_SECRET: "b".repeat(16) })).toThrowError(
      /AUTH_TOKEN_SECRET must be at least 32 characters/,
    )
  })
})
