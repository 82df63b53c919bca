import { describe, expect, it } from "vitest"
import { refuseProduction } from "./production-guard"

describe("refuseProduction", () => {
  it("stops the demo seed in production and names the setup command instead", () => {
    expect(() => refuseProduction({ NODE_ENV: "production", SEED_DEMO_ACCOUNTS: "on" })).toThrow(/NODE_ENV=production.*medusa exec \.\/src\/scripts\/setup\.ts/)
  })

  it("lets the demo seed run in development, test or an unset environment", () => {
    for (const NODE_ENV of ["development", "test", undefined]) expect(() => refuseProduction({ NODE_ENV })).not.toThrow()
  })
})
