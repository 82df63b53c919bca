import type { Locator, Page } from "@playwright/test"
import pg from "pg"
import { expect, test, verifiedAccount } from "./support"

const EMPTY_BAG = "Your cart is empty. Add some legendary pieces to get started"
const SIZE_FLAG = "required before payment"

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Password").fill(account.password)
  await page.getByRole("button", { name: "Sign in" }).click()
}

/** A catalogue card's title: the line of the card's link just above its price. */
async function cardTitle(card: Locator): Promise<string> {
  const lines = (await card.getByTestId("product-card").innerText())
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
  const price = lines.findIndex((line) => /^₹[\d,]+\.\d{2}$/.test(line))
  expect(price, "a card shows its title above its price").toBeGreaterThan(0)
  return lines[price - 1]!
}

/** The amount in paise the order summary shows beside `term` (negative for the discount), or null without one. */
async function summaryPaise(page: Page, term: "Subtotal" | "Dark Coins Discount" | "Total"): Promise<number | null> {
  const text = (await page.getByRole("region", { name: "Order Summary" }).textContent()) ?? ""
  const match = new RegExp(`${term}(-?)₹([\\d,]+)\\.(\\d{2})`).exec(text)
  if (!match) return null
  return (match[1] ? -1 : 1) * (Number(match[2]!.replace(/,/g, "")) * 100 + Number(match[3]))
}

/** Gives the signed-in shopper Dark Coins through the BFF's own ledger. */
async function seedDarkCoins(page: Page, coins: number) {
  const accessToken = await page.evaluate(() => window.localStorage.getItem("accessToken"))
  const me = await page.request.get("/api/users/me", { headers: { Authorization: `Bearer ${accessToken}` } })
  expect(me.status()).toBe(200)
  const { user } = (await me.json()) as { user: { id: string } }
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await db.connect()
  try {
    await db.query("insert into bff.dark_coin_entries (user_id, coins, kind, note) values ($1, $2, 'adjustment', 'e2e seed')", [user.id, coins])
  } finally {
    await db.end()
  }
}

type AddressFields = { fullName: string; phone: string; line1: string; city: string; state: string; pincode: string }

async function fillAddress(dialog: Locator, address: AddressFields) {
  await dialog.getByLabel("Full name").fill(address.fullName)
  await dialog.getByLabel("Phone").fill(address.phone)
  await dialog.getByLabel("Address line 1").fill(address.line1)
  await dialog.getByLabel("City").fill(address.city)
  await dialog.getByLabel("State").fill(address.state)
  await dialog.getByLabel("Pincode").fill(address.pincode)
}

test("a shopper bags a product without a size, sizes it in the bag, spends Dark Coins, moves a wardrobe piece to the bag and saves addresses", async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, "bag")

  await page.goto("/cart")
  await expect(page.getByRole("heading", { name: "You're not signed in" })).toBeVisible()
  await expect(page.getByText("To see your cart items, please log in.")).toBeVisible()
  await page.getByRole("button", { name: "Go to Login" }).click()
  await expect(page).toHaveURL(/\/login\?next=%2Fcart/)
  await signIn(page, account)
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByText(EMPTY_BAG)).toBeVisible()

  await page.goto("/shop")
  const cards = page.getByRole("article").filter({ has: page.getByTestId("product-card") })
  await expect(cards.nth(1)).toBeVisible()
  const baggedCard = cards.nth(0)
  const savedCard = cards.nth(1)
  const bagged = await cardTitle(baggedCard)
  const saved = await cardTitle(savedCard)
  expect(saved).not.toBe(bagged)

  await savedCard.getByRole("button", { name: "Save to wardrobe" }).click()
  await expect(savedCard.getByRole("button", { name: "Save to wardrobe" })).toHaveAttribute("aria-pressed", "true")
  await baggedCard.getByRole("button", { name: /^add to bag$/i }).click()
  await expect(baggedCard.getByRole("button", { name: /^added$/i })).toBeDisabled()
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^cart/i })).toHaveText("CART 1")

  // The card adds without a size: the bag flags the line and holds checkout until one is picked.
  await page.goto("/cart")
  const line = page.getByRole("listitem", { name: bagged, exact: true })
  await expect(line.getByText(SIZE_FLAG)).toBeVisible()
  await expect(page.getByRole("button", { name: /^select sizes to continue$/i })).toBeDisabled()
  await expect(page.getByRole("button", { name: /^place order$/i })).toHaveCount(0)
  await line.getByLabel("Size").selectOption({ index: 1 })
  await expect(page.getByText(SIZE_FLAG)).toHaveCount(0)
  await expect(line.getByLabel("Size")).not.toHaveValue("")
  await expect(page.getByRole("button", { name: /^place order$/i })).toBeEnabled()

  const oneUnit = await summaryPaise(page, "Subtotal")
  expect(oneUnit).toBeGreaterThan(0)
  await line.getByRole("button", { name: "Increase quantity" }).click()
  await expect(line.getByRole("group", { name: "Quantity" })).toContainText("2")
  await expect.poll(() => summaryPaise(page, "Subtotal")).toBe(oneUnit! * 2)

  await seedDarkCoins(page, 2500)
  await page.reload()
  const darkCoins = page.getByRole("region", { name: "Dark Coins" })
  await expect(darkCoins).toContainText("Balance: 2500 coins")
  await darkCoins.getByRole("button", { name: /^apply$/i }).click()
  await expect.poll(() => summaryPaise(page, "Dark Coins Discount")).toBeLessThan(0)
  const subtotal = (await summaryPaise(page, "Subtotal"))!
  const discount = (await summaryPaise(page, "Dark Coins Discount"))!
  expect(await summaryPaise(page, "Total")).toBe(Math.max(0, subtotal + discount))
  const storedChoice = async () =>
    JSON.parse((await page.evaluate(() => window.sessionStorage.getItem("checkout_dark_coins"))) ?? "null") as { applied: boolean; coins: number } | null
  await expect.poll(async () => (await storedChoice())?.applied).toBe(true)
  expect((await storedChoice())?.coins).toBeGreaterThan(0)
  await darkCoins.getByRole("button", { name: /^remove$/i }).click()
  await expect.poll(() => summaryPaise(page, "Dark Coins Discount")).toBeNull()
  expect(await summaryPaise(page, "Total")).toBe(subtotal)
  await expect(darkCoins.getByRole("button", { name: /^apply$/i })).toBeVisible()
  await expect.poll(storedChoice).toEqual({ applied: false, coins: 0 })

  await line.getByRole("button", { name: "Remove" }).click()
  await expect(line).toHaveCount(0)
  await expect(page.getByText(EMPTY_BAG)).toBeVisible()

  // The wardrobe piece goes to the bag (again without a size) and leaves the wardrobe.
  await page.goto("/wishlist")
  const piece = page.getByRole("listitem", { name: saved, exact: true })
  await piece.getByRole("button", { name: /^add to cart$/i }).click()
  await expect(piece.getByRole("button", { name: /^added to cart$/i })).toBeDisabled()
  await piece.getByRole("button", { name: "Remove" }).click()
  await expect(page.getByText("Your wardrobe is empty")).toBeVisible()
  await expect(page.getByRole("link", { name: "Explore Collections" })).toHaveAttribute("href", "/shop")
  await page.goto("/cart")
  await expect(page.getByRole("listitem", { name: saved, exact: true }).getByText(SIZE_FLAG)).toBeVisible()

  await page.goto("/account?tab=address")
  await page.getByRole("button", { name: "Add address" }).click()
  const addDialog = page.getByRole("dialog", { name: "Add address" })
  await expect(addDialog.getByLabel("Label")).toHaveValue("Home")
  await expect(addDialog.getByLabel("Country")).toHaveValue("India")
  await addDialog.getByRole("button", { name: /^save address$/i }).click()
  await expect(addDialog.getByText("Please fill all required fields.")).toBeVisible()
  await fillAddress(addDialog, { fullName: account.name, phone: "9876543210", line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", pincode: "560001" })
  await addDialog.getByRole("button", { name: /^save address$/i }).click()
  await expect(addDialog).toHaveCount(0)
  const home = page.getByRole("listitem", { name: "Home", exact: true })
  await expect(home.getByText(/^default$/i)).toBeVisible()

  await page.getByRole("button", { name: "Add address" }).click()
  await addDialog.getByLabel("Label").fill("Office")
  await fillAddress(addDialog, {
    fullName: account.name,
    phone: "+919876501234",
    line1: "4 Residency Road",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560025",
  })
  await addDialog.getByRole("button", { name: /^save address$/i }).click()
  await expect(addDialog).toHaveCount(0)
  const office = page.getByRole("listitem", { name: "Office", exact: true })
  await expect(office).toContainText("4 Residency Road")
  await expect(office.getByText(/^default$/i)).toHaveCount(0)

  await office.getByRole("button", { name: "Edit" }).click()
  const editDialog = page.getByRole("dialog", { name: "Edit address" })
  await expect(editDialog.getByLabel("Label")).toHaveValue("Office")
  await editDialog.getByLabel("Address line 2").fill("Floor 3")
  await editDialog.getByRole("button", { name: /^save changes$/i }).click()
  await expect(editDialog).toHaveCount(0)
  await expect(office).toContainText("Floor 3")

  await office.getByRole("button", { name: "Set as default" }).click()
  await expect(office.getByText(/^default$/i)).toBeVisible()
  await expect(home.getByText(/^default$/i)).toHaveCount(0)
})
