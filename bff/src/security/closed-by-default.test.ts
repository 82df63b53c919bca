import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bffEnv, commerceEnv, randomSecrets } from "../../../scripts/lib/stack.js"
import { signedUpUser } from "../../test/accounts.js"
import { createTestApp } from "../../test/app.js"
import { PRODUCTION_SERVICES } from "../../test/production.js"
import { developmentTools, loadConfig } from "../config.js"

/** No built front ends, so a GET is never answered by a single-page app's fallback. */
const NO_FRONT_ENDS = { STOREFRONT_DIST: "/nonexistent/storefront", ADMIN_DIST: "/nonexistent/admin" }

let modeless: Awaited<ReturnType<typeof createTestApp>>
let development: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  modeless = await createTestApp({ NODE_ENV: undefined, ...PRODUCTION_SERVICES, ...NO_FRONT_ENDS })
  development = await createTestApp({ NODE_ENV: "development", ...NO_FRONT_ENDS })
})
afterAll(async () => {
  await modeless?.close()
  await development?.close()
})

/** The development tools' routes: the dev outbox, the emulators' APIs, checkout script and test hooks. */
const DEVELOPMENT_ROUTES: [method: "get" | "post", path: string][] = [
  ["get", "/api/dev/outbox?to=someone@example.test"],
  ["get", "/emulator/razorpay/checkout.js"],
  ["post", "/emulator/razorpay/v1/orders"],
  ["post", "/emulator/razorpay/test/orders/order_X/pay"],
  ["post", "/emulator/shiprocket/v1/external/auth/login"],
  ["post", "/emulator/shiprocket/test/shipments/AWB1/status"],
  ["post", "/emulator/shiprocket/test/tokens/expire"],
]

/** The app's own "no such route" answer (an emulator's 404 for an unknown order is its route answering). */
const noRoute = (response: request.Response) => response.status === 404 && /^No route for /.test(String(response.body?.message))

describe("closed by default", () => {
  it("2. without NODE_ENV the BFF is production: no dev outbox, no emulators or test hooks, secure cookies", async () => {
    expect(modeless.config.NODE_ENV).toBe("production")
    expect(developmentTools(modeless.config)).toBe(false)
    for (const [method, path] of DEVELOPMENT_ROUTES) {
      const response = await request(modeless.app)[method](path).send({})
      expect(noRoute(response), `${method.toUpperCase()} ${path}: ${response.status} ${response.text.slice(0, 80)}`).toBe(true)
    }
    // The same routes exist when development is asked for (so the 404s above say something).
    for (const [method, path] of DEVELOPMENT_ROUTES) {
      const response = await request(development.app)[method](path).send({})
      expect(noRoute(response), `${method.toUpperCase()} ${path} in development`).toBe(false)
    }
    // A session started on the modeless app gets cookies only HTTPS carries.
    const account = await signedUpUser(development.app, "closed")
    const login = await request(modeless.app).post("/api/auth/login").send({ email: account.email, password: account.password })
    expect(login.status).toBe(200)
    const cookies = ([] as string[]).concat(login.headers["set-cookie"] ?? [])
    expect(cookies.length).toBeGreaterThan(0)
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i)
  })

  it("2. a development or test mode on a non-loopback HOST is refused at boot, and production still needs its keys", async () => {
    for (const NODE_ENV of ["development", "test"]) {
      for (const HOST of ["0.0.0.0", "::", "10.1.2.3"]) {
        await expect(createTestApp({ NODE_ENV, HOST })).rejects.toThrowError(/HOST must be a loopback address/)
      }
    }
    await expect(createTestApp({ NODE_ENV: undefined, SMTP_URL: "smtp://127.0.0.1:1" })).rejects.toThrowError(
      /RAZORPAY_KEY_ID is required in production.*SHIPROCKET_EMAIL is required in production|SHIPROCKET_EMAIL is required in production.*RAZORPAY_KEY_ID is required in production/,
    )
  })

  it("2. the start and dev commands (and the bench through them) ask for development explicitly, on loopback", () => {
    const secrets = randomSecrets()
    const commerce = commerceEnv({}, "postgres://postgres@127.0.0.1:5432/shop", secrets)
    const env = bffEnv({}, commerce, secrets, 8080)
    expect(env.NODE_ENV).toBe("development")
    const config = loadConfig(env)
    expect(developmentTools(config)).toBe(true)
    // Commerce is pointed at the BFF's internal listener, not its public port.
    expect(commerce.BFF_INTERNAL_URL).toBe(`http://127.0.0.1:${config.INTERNAL_PORT}`)
    expect(config.INTERNAL_PORT).not.toBe(config.PORT)
    // Asked for production, the commands pass it on (and production's own rules apply).
    expect(bffEnv({ NODE_ENV: "production" }, commerce, secrets, 8080).NODE_ENV).toBe("production")
  })
})
