import type { ConsoleMessage, Page } from "@playwright/test"
import { expect, test } from "./support"

/** A product of the demo catalogue, as the API lists it. */
async function someProduct(page: Page): Promise<{ id: string; title: string }> {
  const answer = await page.request.get("/api/products?active=true&limit=1")
  expect(answer.ok()).toBe(true)
  const { products } = (await answer.json()) as { products: { id: string; title: string }[] }
  return products[0]!
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false })

  test("home, a filtered shop and a product page come painted by the server, each with its own title and canonical link", async ({ page }) => {
    await page.goto("/")
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Build Your Fit")
    await expect(page.getByRole("link", { name: "Shop for Mens" })).toBeVisible()
    await expect(page).toHaveTitle("Build Your Fit | Streetwear for men and women")

    await page.goto("/shop?g=MEN&type=UPPERS&sub=Hoodies")
    const cards = page.getByTestId("product-card")
    await expect(cards.first()).toBeVisible()
    await expect(cards.first()).toContainText(/₹[\d,]+\.\d{2}/)
    await expect(page).toHaveTitle("Shop Men's hoodies | Build Your Fit")
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/shop\?g=MEN&type=UPPERS&sub=Hoodies$/)

    const product = await someProduct(page)
    await page.goto(`/product/${product.id}`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title)
    await expect(page.locator(".product__price")).toContainText(/₹[\d,]+\.\d{2}/)
    await expect(page.locator("article.product").getByRole("button", { name: "ADD TO BAG" })).toBeVisible()
    await expect(page).toHaveTitle(`${product.title} | Build Your Fit`)
    expect(await page.locator('meta[name="description"]').count()).toBe(1)
  })

  test("an unknown address and an unknown product answer 404 with the 404 page", async ({ page }) => {
    for (const path of ["/no/such/page", "/product/prod_01AAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Page Not Found")
    }
  })
})

test("the browser takes over the server's pages without a hydration warning, and names each page it navigates to", async ({ page }) => {
  const complaints: string[] = []
  const listen = (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") complaints.push(`${message.type()}: ${message.text()}`)
  }
  page.on("console", listen)
  page.on("pageerror", (error) => complaints.push(`pageerror: ${error.message}`))
  const refreshes: number[] = []
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/auth/refresh") refreshes.push(response.status())
  })

  const product = await someProduct(page)
  // (The 404 page is left out: the browser logs its document's own 404 status as an error.)
  for (const path of ["/", "/shop?g=WOMEN", `/product/${product.id}`]) {
    await page.goto(path)
    await page.waitForLoadState("networkidle")
  }
  expect(complaints).toEqual([])
  // A signed-out visitor's session check finds no session without a failed request.
  expect(refreshes.length).toBeGreaterThan(0)
  expect(refreshes.every((status) => status === 204)).toBe(true)

  // Hydrated: links navigate in the page, and the title follows.
  await page.goto("/")
  await page.getByRole("link", { name: "Shop for Womens" }).click()
  await expect(page).toHaveURL(/\/shop\?g=WOMEN/)
  await expect(page).toHaveTitle("Shop Women's streetwear | Build Your Fit")
  await page.getByTestId("product-card").first().click()
  await expect(page).toHaveURL(/\/product\//)
  const title = (await page.locator("article.product h1").textContent())!.trim()
  await expect(page).toHaveTitle(`${title} | Build Your Fit`)
  await page.getByRole("link", { name: "CART" }).first().click()
  await expect(page).toHaveTitle("Cart | Build Your Fit")
  expect(await page.locator('link[rel="canonical"]').count()).toBe(0)
  expect(complaints).toEqual([])
})
