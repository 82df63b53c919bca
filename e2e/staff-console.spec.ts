import { randomBytes } from "node:crypto"
import type { APIRequestContext, Page } from "@playwright/test"
import sharp from "sharp"
import { expectLegibleFields } from "./field-overlap"
import { expect, test, verifiedAccount } from "./support"

/** The demo admin of the README: a Medusa admin user, the account ops use in Medusa's dashboard. */
const STAFF = { email: "admin@buildyourfit.test", password: "admin-demo-2026" }

async function staffSignIn(page: Page) {
  await page.goto("/admin")
  await page.getByLabel("Email").fill(STAFF.email)
  await page.getByLabel(/^Password/).fill(STAFF.password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible()
}

/** A card's figure on the dashboard, as shown (e.g. "1,204"). */
async function figure(page: Page, label: string): Promise<string> {
  const card = page.getByRole("list", { name: "Figures" }).getByRole("listitem").filter({ hasText: label })
  await expect(card).toBeVisible()
  return (await card.getByRole("paragraph").last().textContent()) ?? ""
}

/** A shopper's cash-on-delivery order of `quantity` of one size, through the API the checkout page uses. */
async function placeCodOrder(request: APIRequestContext, productId: string, size: string, quantity: number) {
  const account = await verifiedAccount(request, "buyer")
  const login = await request.post("/api/auth/login", { data: { email: account.email, password: account.password } })
  const headers = { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` }
  expect((await request.post("/api/cart", { headers, data: { productId, size, quantity } })).status()).toBe(201)
  const placed = await request.post("/api/checkout", {
    headers,
    data: {
      shippingAddressSnapshot: {
        fullName: account.name,
        phone: "9876543210",
        line1: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        postalCode: "560001",
      },
      payment: { gateway: "cod", mode: "cod" },
      darkCoins: { applied: false },
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
}

test("staff create a product in five steps, publish it to the shop, duplicate and archive the copy, and see an order in the dashboard", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000)
  const title = `Journey Hoodie ${randomBytes(3).toString("hex")}`
  const picture = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#2f3b4c" } })
    .png()
    .toBuffer()

  await staffSignIn(page)
  const ordersBefore = Number((await figure(page, "Total Orders")).replace(/\D/g, ""))

  // Step 1, Basics.
  await page.getByRole("link", { name: "New Product" }).click()
  await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible()
  // Each step's screenshot is kept, and no label may be drawn over its field's value or placeholder (1280 px wide).
  await expectLegibleFields(page, testInfo, "Basics (empty)", 5)
  await page.getByLabel("Product name").fill(title)
  await page.getByLabel("Price (₹)", { exact: true }).fill("1499")
  await page.getByLabel("Gender").selectOption("MEN")
  await page.getByLabel("Category Type").selectOption("UPPERS")
  await page.getByLabel("Subcategory").selectOption("Hoodies")
  await expectLegibleFields(page, testInfo, "Basics", 7)
  await page.getByRole("button", { name: "Next" }).click()

  // Step 2, two sizes with stock.
  await page.getByRole("checkbox", { name: "M", exact: true }).check()
  await page.getByRole("checkbox", { name: "L", exact: true }).check()
  await page.getByLabel("Stock (M)").fill("6")
  await page.getByLabel("Stock (L)").fill("3")
  await expectLegibleFields(page, testInfo, "Sizes & Inventory", 2)
  await page.getByRole("button", { name: "Next" }).click()

  // Step 3, an uploaded picture replaces its preview.
  await page.locator('input[type="file"][accept="image/*"]').setInputFiles({ name: "hoodie.png", mimeType: "image/png", buffer: picture })
  await expect(page.getByRole("img", { name: "Product image" })).toHaveAttribute("src", /^\/media\//)
  await expectLegibleFields(page, testInfo, "Media", 0)
  await page.getByRole("button", { name: "Next" }).click()

  // Step 4, tax and weight; step 5, publish.
  await page.getByLabel("GST", { exact: true }).selectOption("18")
  await page.getByLabel("Weight (grams)").fill("450")
  // The declarations a LIVE product's page must show.
  await page.getByLabel("Country of origin").fill("India")
  await page.getByLabel(/^Manufacturer \/ packer \/ importer/).fill("Journey Knits Pvt Ltd, 3 Mill Road, Tiruppur 641604")
  await expectLegibleFields(page, testInfo, "Tax & Weight", 2)
  await page.getByRole("button", { name: "Next" }).click()
  await expectLegibleFields(page, testInfo, "Review & Publish", 0)
  await page.getByRole("button", { name: "Publish" }).click()
  await expect(page.getByText("Published")).toBeVisible()

  // The shop lists it under its subcategory within seconds.
  const listed = await request.get(`/api/admin/products?q=${encodeURIComponent(title)}`, {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("accessToken"))}` },
  })
  const [created] = ((await listed.json()) as { products: { id: string; status: string }[] }).products
  expect(created?.status).toBe("LIVE")
  const shop = await page.context().newPage()
  await shop.goto("/shop?g=MEN&type=UPPERS&sub=Hoodies&sort=newest")
  await expect(shop.getByText(title)).toBeVisible()
  await shop.close()

  // Duplicate it from All Products, then archive the copy from Drafts.
  await page.getByRole("menuitem", { name: "Products" }).click()
  await page.getByRole("textbox", { name: "Search by title" }).fill(title)
  // The list applies its search after a pause, by moving to its own URL: once that happened, a click stays where it leads.
  await expect.poll(() => new URL(page.url()).searchParams.get("filter") ?? "").toContain(title)
  const row = page.getByRole("row").filter({ hasText: title }).filter({ hasNotText: "(copy)" })
  await row.getByRole("button", { name: "Duplicate" }).click()
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible()
  await expect(page.getByLabel("Product name")).toHaveValue(`${title} (copy)`)
  await page.getByRole("menuitem", { name: "Drafts" }).click()
  const copy = page.getByRole("row").filter({ hasText: `${title} (copy)` })
  await copy.getByRole("checkbox").check()
  await page.locator('[data-test="bulk-actions-toolbar"]').getByRole("button", { name: "Delete" }).click()
  await expect(copy).toHaveCount(0)

  // A shopper buys four; the dashboard counts the order and ranks the product among the best sellers.
  await placeCodOrder(request, created!.id, "M", 4)
  await expect
    .poll(
      async () => {
        await page.goto("/admin")
        return Number((await figure(page, "Total Orders")).replace(/\D/g, ""))
      },
      { timeout: 30_000 },
    )
    .toBe(ordersBefore + 1)
  await expect(page.getByRole("region", { name: "Best Sellers" }).getByText(title)).toBeVisible()
})
