import { expect, test } from "./support"

test("a visitor opens the shop, browses /shop, opens a product and meets the 404 page", async ({ page }) => {
  await page.goto("/")
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Build Your Fit")

  await page.getByRole("link", { name: "SHOP", exact: true }).first().click()
  await expect(page).toHaveURL(/\/shop/)
  const cards = page.getByTestId("product-card")
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBeGreaterThanOrEqual(4)

  const firstCard = cards.first()
  await expect(firstCard).toContainText(/₹[\d,]+\.\d{2}/)
  const image = firstCard.locator("img").first()
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  const title = (await firstCard.getAttribute("aria-label")) ?? (await firstCard.innerText()).split("\n")[0]!
  await firstCard.click()
  await expect(page).toHaveURL(/\/product\/prod_/)
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    title
      .replace(/\s*₹.*$/s, "")
      .trim()
      .slice(0, 10),
  )
  await expect(page.getByText(/₹[\d,]+\.\d{2}/).first()).toBeVisible()

  await page.goto("/no/such/page")
  await expect(page.getByText("404 - Page Not Found")).toBeVisible()
})

test("the home page, a filtered shop and a product page paint their catalogue from the HTML, without asking the API again", async ({ page }) => {
  const catalogueReads: string[] = []
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/products")) catalogueReads.push(request.url())
  })

  await page.goto("/")
  await expect(page.getByTestId("best-seller-card")).toHaveCount(8)
  await expect(page.getByTestId("category-tile").locator("img")).toHaveCount(4)

  await page.goto("/shop?g=MEN&type=LOWERS&fabric=Denim&sort=price_asc")
  const cards = page.getByTestId("product-card")
  await expect(cards.first()).toBeVisible()
  const productPath = await cards.first().getAttribute("href")

  await page.goto(productPath!)
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await expect(page.getByText("You might also like")).toBeVisible()

  expect(catalogueReads).toEqual([])
})
