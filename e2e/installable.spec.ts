import type { APIRequestContext, Page } from "@playwright/test"
import { expect, test } from "./support"

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string }

/** What never belongs in a cache: data, the bag, checkout, the account and sign-in. */
const NEVER_CACHED = /^\/(?:api|cart|payments|account|login|forgot-password|reset-password)(?:\/|$)/

/** A PNG's size as its header (IHDR, the first chunk) declares it. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG")
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

async function expectIcon(request: APIRequestContext, icon: ManifestIcon) {
  const response = await request.get(icon.src)
  expect(response.status(), icon.src).toBe(200)
  expect(response.headers()["content-type"], icon.src).toBe("image/png")
  expect(pngSize(await response.body()), icon.src).toBe(icon.sizes)
}

/** Visits a page, waits for the service worker the visit registers to be active, and reloads so it controls the page. */
async function visitUnderServiceWorker(page: Page, path: string) {
  await page.goto(path)
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe("activated")
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/)
}

/** Every URL path held in the origin's Cache Storage, by any cache. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) {
      for (const key of await (await caches.open(name)).keys()) paths.push(new URL(key.url).pathname)
    }
    return paths
  })
}

test("the shop installs: a valid manifest with real icons, and a service worker that controls the page", async ({ page, context, request }) => {
  await page.goto("/")
  const href = await page.locator('link[rel="manifest"]').getAttribute("href")
  const response = await request.get(href!)
  expect(response.status()).toBe(200)
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/)
  expect(response.headers()["cache-control"]).toBe("no-cache")
  const manifest = (await response.json()) as Record<string, unknown>
  expect(manifest).toMatchObject({ id: "/", name: "Build Your Fit", start_url: "/", scope: "/", display: "standalone", theme_color: "#0a0a0b" })
  const icons = manifest.icons as ManifestIcon[]
  expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]))
  for (const icon of icons) await expectIcon(request, icon)
  await expectIcon(request, { src: (await page.locator('link[rel="apple-touch-icon"]').getAttribute("href"))!, sizes: "180x180", type: "image/png" })

  await visitUnderServiceWorker(page, "/")
  const worker = await request.get("/sw.js")
  expect(worker.headers()["cache-control"]).toBe("no-cache")

  // Chromium's own verdict: the manifest parses cleanly and only the test's off-the-record profile stands in the way of installing.
  const devtools = await context.newCDPSession(page)
  const { errors } = await devtools.send("Page.getAppManifest")
  expect(errors).toEqual([])
  const { installabilityErrors } = await devtools.send("Page.getInstallabilityErrors")
  expect(installabilityErrors.map(({ errorId }) => errorId)).toEqual(["in-incognito"])
})

test("after one visit, going offline shows the offline page with the product images seen, and the shop comes back by itself", async ({ page, context }) => {
  await visitUnderServiceWorker(page, "/shop")
  const picture = page.getByTestId("product-card").first().locator("img")
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const pictureUrl = await picture.evaluate((img: HTMLImageElement) => img.currentSrc)
  expect(new URL(pictureUrl).pathname).toMatch(/^\/media\//)
  await expect.poll(() => page.evaluate(async (url) => (await caches.match(url))?.status, pictureUrl)).toBe(200)
  // The bag is visited online, so its page and its API reads have had every chance to be cached.
  await page.goto("/cart", { waitUntil: "networkidle" })

  await context.setOffline(true)
  await page.goto("/shop")
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe("/shop")
  // The picture seen once still shows, from the cache.
  const shows = await page.evaluate(
    (url) =>
      new Promise<boolean>((resolve) => {
        const image = new Image()
        image.onload = () => resolve(image.naturalWidth > 0)
        image.onerror = () => resolve(false)
        image.src = url
      }),
    pictureUrl,
  )
  expect(shows).toBe(true)
  const cached = await cachedPaths(page)
  expect(cached).toContain("/offline.html")
  expect(cached.filter((path) => NEVER_CACHED.test(path))).toEqual([])
  // The bag is left to the browser even offline: no page of ours, stale or not, stands in for it.
  const bag = await context.newPage()
  await expect(bag.goto("/cart")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/)
  await bag.close()

  await context.setOffline(false)
  await expect(page.getByTestId("product-card").first()).toBeVisible()
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeHidden()
  expect((await cachedPaths(page)).filter((path) => NEVER_CACHED.test(path))).toEqual([])
})
