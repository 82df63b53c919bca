import { expect, test } from "./support"

test("a shopper searches from the header as they'd type it: suggestions, results with facets, and never an empty page", async ({ page }) => {
  await page.goto("/")
  const box = page.getByRole("combobox", { name: "Search the shop" })
  await box.pressSequentially("kala hood", { delay: 30 })
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeVisible()
  await expect(page.getByRole("option", { name: /Nightshift Hoodie/ })).toBeVisible()
  await box.press("ArrowDown")
  await expect(box).toHaveAttribute("aria-activedescendant", /.+/)
  await box.press("Escape")
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden()

  await box.fill("kala hoddie")
  await box.press("Enter")
  await expect(page).toHaveURL(/\/search\?q=kala\+hoddie$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “kala hoddie”")
  await expect(page.getByText("Showing results for “kala hoodie”")).toBeVisible()
  const cards = page.getByTestId("product-card")
  await expect(cards.filter({ hasText: "Nightshift Hoodie" })).toBeVisible()
  await expect(cards.filter({ hasText: "Cloud Knit Hoodie" })).toBeVisible()

  await page.getByRole("group", { name: "Gender" }).getByRole("checkbox", { name: /Women/ }).click()
  await expect(page).toHaveURL(/gender=WOMEN/)
  await expect(cards.filter({ hasText: "Cloud Knit Hoodie" })).toBeVisible()
  await expect(cards.filter({ hasText: "Nightshift Hoodie" })).toHaveCount(0)

  await page.goto("/search?q=qwzrtp")
  await expect(page.getByText("No results for “qwzrtp”. Here's what's trending.")).toBeVisible()
  await expect(page.getByRole("heading", { name: "Trending now" })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex")
})

test("a search's address comes painted by the server with its results, and the browser doesn't ask for them again", async ({ page }) => {
  const searches: string[] = []
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/search") searches.push(request.url())
  })
  const response = await page.goto("/search?q=lal+kurta")
  expect(await response!.text()).toContain("Block Print Kurta")
  await expect(page.getByTestId("product-card").filter({ hasText: "Festive Anarkali Kurta" })).toBeVisible()
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/search\?q=lal\+kurta$/)
  expect(searches).toEqual([])
})

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test("the header's search icon opens a full-width field that searches", async ({ page }) => {
    await page.goto("/")
    const box = page.getByRole("combobox", { name: "Search the shop" })
    await expect(box).toBeHidden()
    await page.getByRole("button", { name: "Open search" }).tap()
    await expect(box).toBeVisible()
    const { width } = (await box.boundingBox())!
    expect(width).toBeGreaterThan(250)
    await box.fill("jeens")
    await box.press("Enter")
    await expect(page).toHaveURL(/\/search\?q=jeens$/)
    await expect(page.getByTestId("product-card").filter({ hasText: "Raw Edge Jeans" })).toBeVisible()
  })
})
