import express from "express"
import request from "supertest"
import { describe, expect, it } from "vitest"
import { DATA_POLICY, MEDIA_POLICY, pagePolicy, SECURITY_HEADERS, securityHeaders, STRICT_TRANSPORT_SECURITY, withStrictTransport } from "./security-headers.js"

const directive = (policy: string, name: string) => policy.split("; ").find((entry) => entry.startsWith(`${name} `))

function appWith(options: Parameters<typeof securityHeaders>[0]) {
  return express()
    .use(securityHeaders(options))
    .use((_req, res) => void res.send("ok"))
}

describe("pagePolicy", () => {
  it("names no Razorpay host and bans frames when the emulator stands in", () => {
    const policy = pagePolicy({ razorpayCheckout: false })
    expect(policy).not.toContain("razorpay")
    expect(directive(policy, "script-src")).toBe("script-src 'self'")
    expect(directive(policy, "frame-src")).toBe("frame-src 'none'")
  })

  it("lets Razorpay's checkout load, frame and post its form with real keys, and nothing more", () => {
    const policy = pagePolicy({ razorpayCheckout: true })
    expect(directive(policy, "script-src")).toBe("script-src 'self' https://checkout.razorpay.com https://cdn.razorpay.com")
    expect(directive(policy, "frame-src")).toBe("frame-src https://api.razorpay.com")
    expect(directive(policy, "form-action")).toBe("form-action 'self' https://api.razorpay.com")
    expect(policy).not.toMatch(/unsafe-(eval|inline)/)
  })

  it("adds the uploads' origin to pictures and videos once, and inline styles only when asked", () => {
    const policy = pagePolicy({ razorpayCheckout: false, mediaOrigin: "https://shop.example", inlineStyles: true })
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob: https://shop.example")
    expect(directive(policy, "media-src")).toBe("media-src 'self' blob: https://shop.example")
    expect(directive(policy, "style-src")).toBe("style-src 'self' 'unsafe-inline'")
    expect(directive(policy, "script-src")).toBe("script-src 'self'")
  })
})

describe("securityHeaders", () => {
  const app = appWith({ razorpayCheckout: false })
  const inlineSources = { script: ["'sha256-c2NyaXB0'"], style: ["'sha256-c3R5bGU='"] }

  it("sends the data policy on the API and the emulators, and on media the same with form-action 'none'", async () => {
    for (const url of ["/api", "/api/products", "/emulator/razorpay/checkout.js"]) {
      const response = await request(app).get(url)
      expect(response.headers["content-security-policy"], url).toBe(DATA_POLICY)
      expect(response.headers["x-frame-options"], url).toBe("DENY")
    }
    for (const url of ["/media", "/media/a.jpg", "/media/uploads/x.webp?w=320"]) {
      const response = await request(app).get(url)
      expect(response.headers["content-security-policy"], url).toBe(MEDIA_POLICY)
      expect(directive(MEDIA_POLICY, "form-action"), url).toBe("form-action 'none'")
      expect(directive(MEDIA_POLICY, "default-src"), url).toBe("default-src 'none'")
      expect(response.headers["x-content-type-options"], url).toBe("nosniff")
      expect(response.headers["x-frame-options"], url).toBe("DENY")
    }
    expect((await request(app).get("/mediation")).headers["content-security-policy"]).toBe(pagePolicy({ razorpayCheckout: false }))
  })

  it("allows the shop's own inline script and stylesheet by their hashes on its pages, never on the console's or the data", async () => {
    const withInline = appWith({ razorpayCheckout: false, inlineSources })
    const shop = (await request(withInline).get("/shop")).headers["content-security-policy"] as string
    expect(directive(shop, "script-src")).toBe("script-src 'self' 'sha256-c2NyaXB0'")
    expect(directive(shop, "style-src")).toBe("style-src 'self' 'sha256-c3R5bGU='")
    expect(shop).not.toContain("unsafe-inline")
    const console = (await request(withInline).get("/admin")).headers["content-security-policy"] as string
    expect(console).not.toContain("sha256")
    expect((await request(withInline).get("/api/products")).headers["content-security-policy"]).toBe(DATA_POLICY)
  })

  it("sends the shop's policy on its pages and the console's (with inline styles) under /admin", async () => {
    for (const url of ["/", "/shop", "/apiary", "/administrator"]) {
      expect((await request(app).get(url)).headers["content-security-policy"], url).toBe(pagePolicy({ razorpayCheckout: false }))
    }
    for (const url of ["/admin", "/admin/products"]) {
      expect((await request(app).get(url)).headers["content-security-policy"], url).toBe(pagePolicy({ razorpayCheckout: false, inlineStyles: true }))
    }
  })
})

describe("withStrictTransport", () => {
  const listener = withStrictTransport((_req, res) => void res.writeHead(200, SECURITY_HEADERS).end("ok"), true)

  it("adds HSTS in production to answers that write their own headers", async () => {
    const response = await request(listener).get("/api/products")
    expect(response.headers["strict-transport-security"]).toBe(STRICT_TRANSPORT_SECURITY)
    expect(response.headers["content-security-policy"]).toBe(DATA_POLICY)
  })

  it("leaves other modes alone", async () => {
    const local = withStrictTransport((_req, res) => void res.end("ok"), false)
    expect((await request(local).get("/")).headers["strict-transport-security"]).toBeUndefined()
  })
})
