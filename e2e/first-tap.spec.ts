import { expect, test, verifiedAccount } from "./support"
import { bearer, productInStock, signIn } from "./shopper"

/** The app's entry (index.html's loader starts it): held back, the page stays as the server painted it. */
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/

// A service worker would answer the entry from its cache, where page.route can't hold it.
test.use({ serviceWorkers: "block" })

test("a size and ADD TO BAG tapped before the app's JavaScript has run are done once it runs: the bag holds one", async ({ page, request }) => {
  const account = await verifiedAccount(request, "firsttap")
  await signIn(page, account, "/")
  // The sign-in page's own session restore (asked before the sign-in, answered without a session) settles first: a
  // load started while it is in flight would start signed out.
  await page.waitForLoadState("networkidle")
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("accessToken"))).not.toBeNull()
  const { product, size } = await productInStock(page)

  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(APP_ENTRY, async (route) => {
    await released
    await route.continue()
  })
  // goto resolves once the app has taken the page over (support.ts), which waits for the entry: not awaited yet.
  const opened = page.goto(`/product/${product.id}`)

  const addToBag = page.getByRole("button", { name: "ADD TO BAG", exact: true })
  await expect(addToBag).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.dataset.app)).not.toBe("ready")
  const sizeButton = page.getByRole("group", { name: "Size" }).getByRole("button", { name: size, exact: true })
  await sizeButton.click()
  await addToBag.dblclick()
  // Answered at once by index.html's tap queue: the size shows chosen, ADD TO BAG working.
  await expect(page.locator(`[data-tap="size:${size}"]`)).toHaveAttribute("data-tapped", "chosen")
  await expect(page.locator('[data-tap="add-to-bag"]')).toHaveAttribute("data-tapped", "busy")
  expect(await page.evaluate(() => document.documentElement.dataset.app)).not.toBe("ready")

  release()
  await opened
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "CART 1" })).toBeVisible()
  await expect(sizeButton).toHaveAttribute("aria-pressed", "true")

  // Once, not once per tap: one line, one unit, of the size tapped.
  const bag = (await (await page.request.get("/api/cart", { headers: await bearer(page) })).json()) as {
    items: { productId: string; quantity: number; size: string | null }[]
  }
  expect(bag.items.map(({ productId, quantity, size: chosen }) => ({ productId, quantity, size: chosen }))).toEqual([
    { productId: product.id, quantity: 1, size },
  ])
})
