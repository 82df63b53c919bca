import { readFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import type { Page } from "@playwright/test"
import { expect, test } from "./support"

/** The storefront build the shop serves (the new build, once a rollout has replaced the pods). */
const STOREFRONT_DIST = fileURLToPath(new URL("../storefront/dist/", import.meta.url))

// page.route sees the page's own requests only: a service worker's fetches would go round it.
test.use({ serviceWorkers: "block" })

type ManifestChunk = { file: string; isDynamicEntry?: boolean }

/** The served build's lazily loaded screens, as Vite's manifest names their chunk files (`assets/cart-page-….js`). */
async function lazyChunkFiles(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(`${STOREFRONT_DIST}.vite/manifest.json`, "utf8")) as Record<string, ManifestChunk>
  return Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry && chunk.file.endsWith(".js"))
    .map((chunk) => chunk.file.slice("assets/".length))
}

/** What the previous build called a screen's chunk: another hash, so a file the new build doesn't have. */
const previousName = (file: string) => file.replace(/\.js$/, "-previous.js")

/** The addresses of the documents the page loaded, in order: each page load, first visit or reload, adds one. */
function documentsOf(page: Page): string[] {
  const documents: string[] = []
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname)
  })
  return documents
}

/**
 * Makes the page's first document a tab of the previous build: the JavaScript it runs names the lazily loaded screens
 * by the previous build's chunk files, which the server, now serving the new build, answers itself. Every later
 * document (a reload) gets the new build as the server has it.
 */
async function openedOnPreviousBuild(page: Page, documents: string[]) {
  const chunks = await lazyChunkFiles()
  await page.route("**/assets/*.js", async (route) => {
    if (documents.length !== 1) return route.fallback()
    const response = await route.fetch()
    let script = await response.text()
    for (const file of chunks) script = script.replaceAll(file, previousName(file))
    const headers = { ...response.headers() }
    delete headers["content-encoding"]
    delete headers["content-length"]
    await route.fulfill({ response, headers, body: script })
  })
}

test("a tab of the previous build that opens a screen the rollout removed reloads once onto the new build and shows it", async ({ page }) => {
  const documents = documentsOf(page)
  await openedOnPreviousBuild(page, documents)
  await page.goto("/")
  const previousChunk = page.waitForResponse((response) => response.url().endsWith("-previous.js"))

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "CART" }).click()

  // The server answers the previous build's chunk with a plain 404 no cache keeps (never its page as script)…
  const gone = await previousChunk
  expect(gone.status()).toBe(404)
  expect(gone.headers()["cache-control"]).toBe("no-store")
  // …and the shopper lands on the bag, after exactly one reload at its address.
  await expect(page.getByRole("heading", { level: 1, name: "Cart" })).toBeVisible()
  expect(documents).toEqual(["/", "/cart"])
})

test("a screen whose chunk is gone from the new build too reloads once, then shows the error state, not a blank page", async ({ page }) => {
  const documents = documentsOf(page)
  const cartChunk = (await lazyChunkFiles()).find((file) => file.startsWith("cart-page-"))
  expect(cartChunk).toBeDefined()
  await page.route(`**/assets/${cartChunk!}`, (route) => route.fulfill({ status: 404, body: "" }))
  await page.goto("/")

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "CART" }).click()

  await expect(page.getByRole("heading", { level: 1, name: "This page didn't load" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible()
  // The error state shows only once the guard has refused a second reload: there was one, and no loop.
  expect(documents).toEqual(["/", "/cart"])
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible()
})
