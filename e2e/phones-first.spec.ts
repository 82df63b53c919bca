import AxeBuilder from "@axe-core/playwright"
import type { Locator, Page } from "@playwright/test"
import { bearer, productInStock, signIn } from "./shopper"
import { expect, test, verifiedAccount } from "./support"

/** Issue 31: on a 390px phone the buying controls stay in reach above the bottom navigation while the page scrolls. */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

const SHOTS = "/tmp/phones-first"

/** Where the sticky header ends and the bottom navigation starts: the band the page's content shows in. */
async function visibleBand(page: Page): Promise<{ top: number; bottom: number }> {
  const header = await page.locator(".site-header").boundingBox()
  const nav = await page.getByRole("navigation", { name: "Quick" }).boundingBox()
  expect(header, "the sticky header").not.toBeNull()
  expect(nav, "the bottom navigation").not.toBeNull()
  return { top: header!.y + header!.height, bottom: nav!.y }
}

/** The element lies wholly inside the band between the header and the bottom navigation, and a tap at its centre reaches it. */
async function expectInReach(page: Page, target: Locator, what: string) {
  const band = await visibleBand(page)
  const box = await target.boundingBox()
  expect(box, `${what} is laid out`).not.toBeNull()
  const { x, y, width, height } = box!
  expect(y, `${what} starts below the header`).toBeGreaterThanOrEqual(band.top - 0.5)
  expect(y + height, `${what} ends above the bottom navigation`).toBeLessThanOrEqual(band.bottom + 0.5)
  expect(x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0)
  expect(x + width, `${what} ends inside the screen`).toBeLessThanOrEqual(390.5)
  const hit = await target.evaluate(
    (element, [cx, cy]) => {
      const top = document.elementFromPoint(cx!, cy!)
      return top !== null && (element === top || element.contains(top))
    },
    [x + width / 2, y + height / 2],
  )
  expect(hit, `nothing covers ${what}`).toBe(true)
}

/** Scrolls the window so the element's bottom edge meets the viewport's bottom edge (or as far as the page goes). */
async function scrollBottomTo(target: Locator) {
  await target.evaluate((element) => {
    window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight)
  })
}

async function scrollToPageEnd(page: Page) {
  await page.evaluate(() => {
    window.scrollTo(0, document.scrollingElement!.scrollHeight)
  })
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
}

/** The layout shift the page has reported since it loaded (the CLS score's raw sum). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value
          }
        }).observe({ type: "layout-shift", buffered: true })
        setTimeout(() => {
          resolve(total)
        }, 500)
      }),
  )
}

test("on a phone the product page keeps the price, the sizes and ADD TO BAG in reach above the bottom navigation from the top to the end of the details", async ({
  page,
}) => {
  const { product } = await productInStock(page)
  await page.goto(`/product/${product.id}`)
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()

  const price = page.locator(".product__price-current")
  const sizes = page.getByRole("group", { name: "Size", exact: true }).getByRole("button")
  const add = page.getByRole("button", { name: "ADD TO BAG", exact: true })
  const specs = page.getByRole("region", { name: "Specifications", exact: true })
  await expect(add).toBeVisible()
  expect(await sizes.count()).toBeGreaterThan(0)

  const expectBarInReach = async (where: string) => {
    await expectInReach(page, price, `the price (${where})`)
    for (const size of await sizes.all()) await expectInReach(page, size, `size ${await size.innerText()} (${where})`)
    await expectInReach(page, add, `ADD TO BAG (${where})`)
  }

  await expectBarInReach("top of the page")
  await page.screenshot({ path: `${SHOTS}-product-top.png` })
  expect(await layoutShift(page)).toBeLessThan(0.1)

  await scrollBottomTo(page.getByRole("region", { name: "Delivery", exact: true }))
  await expectBarInReach("at the delivery promise")

  await scrollBottomTo(specs)
  await expectBarInReach("at the end of the details")
  await page.screenshot({ path: `${SHOTS}-product-details-end.png` })

  // Nothing stays under the bar: the last specification and the recommendations can be brought into view and tapped.
  const lastSpec = specs.locator(".specs__row").last()
  await lastSpec.scrollIntoViewIfNeeded()
  await expectInReach(page, lastSpec, "the last specification")
  await scrollToPageEnd(page)
  const rowTitles = page.locator(".recommendations h2")
  if ((await rowTitles.count()) > 0) await expectInReach(page, rowTitles.last(), "the last recommendations' title")

  await page.evaluate(() => {
    window.scrollTo(0, 0)
  })
  await expectNoSeriousA11yViolations(page)
})

test("on a phone a shopper picks a size and adds to the bag from the bar; a visitor is asked for a size, then to sign in", async ({ page, request }) => {
  const { product, size } = await productInStock(page)
  await page.goto(`/product/${product.id}`)
  const add = page.getByRole("button", { name: "ADD TO BAG", exact: true })

  // A visitor: the size comes first, then the sign-in prompt.
  await add.tap()
  const hint = page.getByText("please select a size")
  await expect(hint).toBeVisible()
  await expectInReach(page, hint, "the size hint")
  await page.getByRole("group", { name: "Size", exact: true }).getByRole("button", { name: size, exact: true }).tap()
  await add.tap()
  const prompt = page.getByRole("dialog", { name: "Sign in to continue" })
  await expect(prompt).toBeVisible()
  await prompt.getByRole("button", { name: "Not now", exact: true }).tap()

  // A signed-in shopper, from the middle of the description, at once.
  const account = await verifiedAccount(request, "phone")
  await signIn(page, account, `/product/${product.id}`)
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await scrollBottomTo(page.getByRole("region", { name: "Delivery", exact: true }))
  const sizeButton = page.getByRole("group", { name: "Size", exact: true }).getByRole("button", { name: size, exact: true })
  await expectInReach(page, sizeButton, `size ${size}`)
  await sizeButton.tap()
  await expect(sizeButton).toHaveAttribute("aria-pressed", "true")
  await page.getByRole("button", { name: "ADD TO BAG", exact: true }).tap()
  await expect(page.getByRole("button", { name: "ADDED TO BAG", exact: true })).toBeVisible()
  const goToCart = page.getByRole("link", { name: "GO TO CART", exact: true })
  await expect(goToCart).toBeVisible()
  await expectInReach(page, goToCart, "GO TO CART")
  await page.screenshot({ path: `${SHOTS}-product-added.png` })

  const bag = await page.request.get("/api/cart", { headers: await bearer(page) })
  const items = ((await bag.json()) as { items: { productId: string; size: string | null }[] }).items
  expect(items).toContainEqual(expect.objectContaining({ productId: product.id, size }))
})

test("on a phone the checkout keeps the order total and the pay button in reach above the bottom navigation from the top to the end", async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, "phonepay")
  await signIn(page, account, "/shop")
  const { product, size } = await productInStock(page)
  expect((await page.request.post("/api/cart", { headers: await bearer(page), data: { productId: product.id, size, quantity: 1 } })).status()).toBe(201)

  await page.goto("/payments")
  await expect(page.getByRole("heading", { name: "Choose Payment Method", exact: true })).toBeVisible()
  const summary = page.getByRole("region", { name: "Order Summary", exact: true })
  const total = summary.locator(".order-summary__line--total")
  const pay = page.getByRole("button", { name: "PAY NOW", exact: true })
  await expect(total).toBeVisible()

  const expectBarInReach = async (button: Locator, where: string) => {
    await expectInReach(page, total, `the order total (${where})`)
    await expectInReach(page, button, `the pay button (${where})`)
  }

  await expectBarInReach(pay, "top of the page")
  await page.screenshot({ path: `${SHOTS}-checkout-top.png` })
  expect(await layoutShift(page)).toBeLessThan(0.1)

  await scrollBottomTo(page.getByRole("heading", { name: "Shipping Address", exact: true }))
  await expectBarInReach(pay, "at the shipping address")

  await page.getByRole("radio", { name: "Cash on Delivery", exact: true }).check()
  const placeCod = page.getByRole("button", { name: "PLACE COD ORDER", exact: true })
  await expect(summary.getByText("COD Fee")).toBeVisible()
  await expectBarInReach(placeCod, "cash on delivery")

  await scrollToPageEnd(page)
  await expectBarInReach(placeCod, "end of the page")
  await expectInReach(page, summary.getByRole("heading", { name: "Order Summary", exact: true }), "the Order Summary heading")
  await expectInReach(page, page.getByText("Prices include all taxes. Items and availability are not reserved until checkout is completed."), "the prices note")
  await expectInReach(page, page.getByRole("link", { name: "BACK TO CART", exact: true }), "BACK TO CART")
  await page.screenshot({ path: `${SHOTS}-checkout-end.png` })

  // Paying without an address says why, in the bar, where the shopper tapped.
  await page.evaluate(() => {
    window.scrollTo(0, 0)
  })
  await page.getByRole("group", { name: "Address source", exact: true }).getByRole("button", { name: "Add New", exact: true }).tap()
  await placeCod.tap()
  const why = summary.getByRole("alert")
  await expect(why).toBeVisible()
  await expectInReach(page, why, "why paying is held")
  await page.screenshot({ path: `${SHOTS}-checkout-held.png` })

  await expectNoSeriousA11yViolations(page)
})
