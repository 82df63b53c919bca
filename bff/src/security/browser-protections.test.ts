import { mkdir, mkdtemp, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../test/app.js"
import { PRODUCTION_SERVICES } from "../../test/production.js"
import { razorpaySettings } from "../lib/razorpay-settings.js"

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const INDEX_HTML = `<!doctype html><html><head><meta name="description" content="x" /><title>Build Your Fit</title></head><body><div id="root"></div></body></html>`
const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET } = PRODUCTION_SERVICES
const RAZORPAY_KEYS = { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET }
const SHOP_PAGES = ["/", "/shop", "/product/prod_nonexistent", "/account/orders"]
const CONSOLE_PAGES = ["/admin/", "/admin/products"]

/** The policy's directives by name, each with its sources. */
function directivesOf(policy: string | undefined): Map<string, string[]> {
  expect(policy, "a Content-Security-Policy header").toBeTruthy()
  return new Map(
    policy!
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  )
}

async function policyOf(app: TestApp, url: string) {
  const response = await request(app.app).get(url)
  expect(response.status, url).toBeLessThan(500)
  return { response, directives: directivesOf(response.headers["content-security-policy"]) }
}

let emulated: TestApp
let realKeys: TestApp
let production: TestApp

beforeAll(async () => {
  // Built front ends of our own, so the test needs no build and the pages are the BFF's answers.
  const dist = await mkdtemp(path.join(tmpdir(), "browser-protections-"))
  const fronts = { STOREFRONT_DIST: path.join(dist, "storefront"), ADMIN_DIST: path.join(dist, "admin") }
  for (const folder of Object.values(fronts)) {
    await mkdir(folder)
    await writeFile(path.join(folder, "index.html"), INDEX_HTML)
  }
  emulated = await createTestApp(fronts)
  realKeys = await createTestApp({ ...fronts, ...RAZORPAY_KEYS })
  production = await createTestApp({ ...fronts, ...PRODUCTION_SERVICES, NODE_ENV: "production" })
})
afterAll(async () => {
  await Promise.all([emulated, realKeys, production].map((app) => app?.close()))
})

describe("browser protections", () => {
  it("1. the shop's and the console's pages carry a Content Security Policy: our origin only, no plugins, no <base>, never framed", async () => {
    for (const url of [...SHOP_PAGES, ...CONSOLE_PAGES]) {
      const { response, directives } = await policyOf(emulated, url)
      expect(response.headers["content-type"], url).toMatch(/text\/html/)
      expect(directives.get("default-src"), url).toEqual(["'self'"])
      expect(directives.get("script-src"), url).toEqual(["'self'"])
      expect(directives.get("object-src"), url).toEqual(["'none'"])
      expect(directives.get("base-uri"), url).toEqual(["'none'"])
      expect(directives.get("frame-ancestors"), url).toEqual(["'none'"])
      expect(directives.get("connect-src"), url).toEqual(["'self'"])
      expect(directives.get("form-action"), url).toEqual(["'self'"])
      expect(directives.get("img-src"), url).toEqual(expect.arrayContaining(["'self'", "data:", "blob:"]))
      expect(directives.get("media-src"), url).toEqual(expect.arrayContaining(["'self'", "blob:"]))
      // Pictures and previews only from here, never from anywhere.
      for (const name of ["img-src", "media-src"])
        expect(
          directives.get(name)!.every((source) => !source.includes("*")),
          url,
        ).toBe(true)
    }
    // The shop's styles come from its stylesheets only; the console's Material UI adds <style> elements as it renders.
    for (const url of SHOP_PAGES) expect((await policyOf(emulated, url)).directives.get("style-src"), url).toEqual(["'self'"])
    for (const url of CONSOLE_PAGES) expect((await policyOf(emulated, url)).directives.get("style-src"), url).toEqual(["'self'", "'unsafe-inline'"])
  })

  it("1. no answer allows eval, and no page allows inline scripts", async () => {
    for (const app of [emulated, realKeys, production]) {
      for (const url of [...SHOP_PAGES, ...CONSOLE_PAGES, "/api/health", "/api/products?limit=1"]) {
        const { directives } = await policyOf(app, url)
        const scripts = directives.get("script-src") ?? directives.get("default-src")!
        expect(scripts, url).not.toContain("'unsafe-eval'")
        expect(scripts, url).not.toContain("'unsafe-inline'")
        expect(
          scripts.some((source) => source === "*" || source.endsWith(":")),
          url,
        ).toBe(false)
      }
    }
  })

  it("1. Razorpay's checkout is allowed only when real keys are set; the emulator's checkout is our own origin", async () => {
    for (const url of SHOP_PAGES) {
      const { response } = await policyOf(emulated, url)
      expect(response.headers["content-security-policy"], url).not.toContain("razorpay")
    }
    // The page loads the emulator's checkout.js from a path of ours, which script-src 'self' covers.
    expect(razorpaySettings(emulated.config)).toMatchObject({ emulated: true, checkoutScriptUrl: "/emulator/razorpay/checkout.js" })
    expect((await request(emulated.app).get("/emulator/razorpay/checkout.js")).status).toBe(200)

    for (const app of [realKeys, production]) {
      const { directives } = await policyOf(app, "/shop")
      expect(directives.get("script-src")).toEqual(["'self'", "https://checkout.razorpay.com", "https://cdn.razorpay.com"])
      expect(directives.get("frame-src")).toEqual(["https://api.razorpay.com"])
      expect(directives.get("form-action")).toEqual(["'self'", "https://api.razorpay.com"])
      expect(directives.get("connect-src")).toContain("https://api.razorpay.com")
      expect(directives.get("frame-ancestors")).toEqual(["'none'"])
    }
  })

  it("1. no answer of the BFF may be framed: X-Frame-Options DENY and frame-ancestors 'none' on pages, API, media and errors", async () => {
    const urls = [
      ...SHOP_PAGES,
      ...CONSOLE_PAGES,
      "/api/health",
      "/api/no-such-route",
      "/api/products?limit=1",
      "/media/no-such-file.jpg",
      "/emulator/razorpay/checkout.js",
    ]
    for (const url of urls) {
      const { response, directives } = await policyOf(emulated, url)
      expect(response.headers["x-frame-options"], url).toBe("DENY")
      expect(directives.get("frame-ancestors"), url).toEqual(["'none'"])
    }
  })

  it("1. HSTS is sent in production only, on pages and API answers alike (the early reads' included)", async () => {
    for (const url of ["/", "/admin/", "/api/health", "/api/products?limit=1", "/api/fitfeed/feed"]) {
      const secure = await request(production.app).get(url)
      expect(secure.headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains")
      const local = await request(emulated.app).get(url)
      expect(local.headers["strict-transport-security"], url).toBeUndefined()
    }
  })

  it("1. the API's answers are data: default-src 'none' and frame-ancestors 'none'", async () => {
    const answers = {
      health: await request(emulated.app).get("/api/health"),
      "no such route": await request(emulated.app).get("/api/no-such-route"),
      "invalid sign-in": await request(emulated.app).post("/api/auth/login").send({ email: "not-an-email", password: "" }),
      "signed out": await request(emulated.app).get("/api/users/me"),
    }
    for (const [label, answer] of Object.entries(answers)) {
      expect(answer.headers["content-security-policy"], label).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(answer.headers["x-content-type-options"], label).toBe("nosniff")
    }
  })

  it("1. answers made before Express (GET /api/products, a product, the feed, their errors) carry the same headers", async () => {
    const answers = {
      listing: await request(emulated.app).get("/api/products?limit=2"),
      "unknown product": await request(emulated.app).get("/api/products/prod_nonexistent"),
      "invalid listing": await request(emulated.app).get("/api/products?limit=nonsense"),
      feed: await request(emulated.app).get("/api/fitfeed/feed"),
    }
    expect(answers.listing.status).toBe(200)
    for (const [label, answer] of Object.entries(answers)) {
      expect(answer.headers["content-security-policy"], label).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(answer.headers["x-frame-options"], label).toBe("DENY")
      expect(answer.headers["x-content-type-options"], label).toBe("nosniff")
      expect(answer.headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin")
    }
  })
})
