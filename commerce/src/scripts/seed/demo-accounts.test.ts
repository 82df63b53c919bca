import { describe, expect, it } from "vitest"
import { demoAccountsWanted } from "./demo-accounts"

describe("demoAccountsWanted", () => {
  it("10. makes the demo admin and shopper only when the seed is asked for them, never in production otherwise", () => {
    expect(demoAccountsWanted({ SEED_DEMO_ACCOUNTS: "on" })).toBe(true)
    expect(demoAccountsWanted({ NODE_ENV: "production" })).toBe(false)
    expect(demoAccountsWanted({})).toBe(false)
    expect(demoAccountsWanted({ SEED_DEMO_ACCOUNTS: "true" })).toBe(false)
  })
})
