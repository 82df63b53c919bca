import { mkdtemp, mkdir, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { gzipSync, brotliCompressSync } from "node:zlib"
import express from "express"
import request from "supertest"
import { beforeAll, describe, expect, it } from "vitest"
import { createLogger } from "../lib/logger.js"
import { errorHandler } from "./error-handler.js"
import { staticAssets } from "./static-assets.js"

const script = "console.log('the storefront');\n".repeat(100)
let app: express.Express

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), "static-assets-"))
  await mkdir(path.join(dist, "assets"))
  await writeFile(path.join(dist, "assets", "index-abc.js"), script)
  await writeFile(path.join(dist, "assets", "index-abc.js.br"), brotliCompressSync(script))
  await writeFile(path.join(dist, "assets", "index-abc.js.gz"), gzipSync(script))
  await writeFile(path.join(dist, "assets", "plain-abc.css"), "body{}")
  await writeFile(path.join(dist, "robots.txt"), "User-agent: *")
  await writeFile(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {})")
  await writeFile(path.join(dist, "offline.html"), "<!doctype html><h1>You're offline</h1>")
  await writeFile(path.join(dist, "manifest.webmanifest"), JSON.stringify({ name: "Build Your Fit" }))
  // As the shop mounts a front end: its files, then its pages for every other address.
  app = express()
    .use(...staticAssets(dist))
    .get("/{*path}", (_req, res) => void res.type("html").send("<!doctype html><div id=root></div>"))
    .use(errorHandler(createLogger("silent")))
})

describe("staticAssets", () => {
  it("sends the brotli file to browsers that accept it, typed as the original, cached for a year", async () => {
    const response = await request(app).get("/assets/index-abc.js").set("Accept-Encoding", "gzip, br").buffer(true)
    expect(response.status).toBe(200)
    expect(response.headers["content-encoding"]).toBe("br")
    expect(response.headers["content-type"]).toMatch(/javascript/)
    expect(response.headers["cache-control"]).toContain("immutable")
    expect(response.headers.vary).toContain("Accept-Encoding")
    expect(response.text).toBe(script)
  })

  it("falls back to gzip, then to the plain file", async () => {
    const gzipped = await request(app).get("/assets/index-abc.js").set("Accept-Encoding", "gzip")
    expect(gzipped.headers["content-encoding"]).toBe("gzip")
    expect(gzipped.text).toBe(script)
    const plain = await request(app).get("/assets/index-abc.js").set("Accept-Encoding", "identity")
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.text).toBe(script)
  })

  it("serves files without compressed siblings as they are, and only hashed assets as immutable", async () => {
    const css = await request(app).get("/assets/plain-abc.css").set("Accept-Encoding", "br")
    expect(css.status).toBe(200)
    expect(css.headers["content-encoding"]).toBeUndefined()
    const robots = await request(app).get("/robots.txt")
    expect(robots.headers["cache-control"]).toBe("public, max-age=3600")
  })

  it("has the browser check the service worker, the offline page and the web app manifest on every use", async () => {
    for (const file of ["/sw.js", "/offline.html", "/manifest.webmanifest"]) {
      const response = await request(app).get(file)
      expect(response.status, file).toBe(200)
      expect(response.headers["cache-control"], file).toBe("no-cache")
    }
    const worker = await request(app).get("/sw.js")
    expect(worker.headers["content-type"]).toMatch(/^text\/javascript/)
    const manifest = await request(app).get("/manifest.webmanifest")
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/)
  })

  it("answers a hashed file this build lacks (an older build's chunk) with a 404 nobody keeps, never the page", async () => {
    for (const encoding of ["gzip, br", "identity"]) {
      const response = await request(app).get("/assets/cart-page-0ldbu1ld.js").set("Accept-Encoding", encoding)
      expect(response.status, encoding).toBe(404)
      expect(response.headers["cache-control"], encoding).toBe("no-store")
      expect(response.headers["content-type"], encoding).toMatch(/^application\/json/)
      expect(response.body, encoding).toMatchObject({ code: "not_found" })
    }
    const page = await request(app).get("/cart")
    expect(page.status).toBe(200)
    expect(page.headers["content-type"]).toMatch(/^text\/html/)
  })

  it("never leaves the build folder", async () => {
    const response = await request(app).get("/assets/..%2f..%2fetc%2fpasswd").set("Accept-Encoding", "br")
    expect(response.status).toBe(404)
  })
})
