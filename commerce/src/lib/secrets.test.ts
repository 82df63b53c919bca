import { describe, expect, it } from "vitest"
import { requiredSecret } from "./secrets"

describe("requiredSecret", () => {
  it("takes the secret from the environment whatever the mode", () => {
    expect(requiredSecret({ JWT_SECRET: "s3cret" }, "JWT_SECRET", "dev-only")).toBe("s3cret")
    expect(requiredSecret({ JWT_SECRET: "s3cret", NODE_ENV: "production", HOST: "0.0.0.0" }, "JWT_SECRET", "dev-only")).toBe("s3cret")
  })

  it("uses the development default only in an explicit development or test mode on loopback", () => {
    expect(requiredSecret({ NODE_ENV: "development", HOST: "127.0.0.1" }, "JWT_SECRET", "dev-only")).toBe("dev-only")
    expect(requiredSecret({ NODE_ENV: "test", HOST: "localhost" }, "JWT_SECRET", "dev-only")).toBe("dev-only")
  })

  it("refuses to start without the secret when NODE_ENV is unset, production, or the host is not loopback", () => {
    expect(() => requiredSecret({}, "JWT_SECRET", "dev-only")).toThrow(/JWT_SECRET must be set.*NODE_ENV is unset/)
    expect(() => requiredSecret({ HOST: "127.0.0.1" }, "JWT_SECRET", "dev-only")).toThrow(/JWT_SECRET must be set/)
    expect(() => requiredSecret({ NODE_ENV: "production", HOST: "127.0.0.1" }, "COOKIE_SECRET", "dev-only")).toThrow(/COOKIE_SECRET must be set/)
    expect(() => requiredSecret({ NODE_ENV: "development" }, "JWT_SECRET", "dev-only")).toThrow(/HOST is unset/)
    expect(() => requiredSecret({ NODE_ENV: "development", HOST: "0.0.0.0" }, "JWT_SECRET", "dev-only")).toThrow(/HOST is 0.0.0.0/)
  })
})
