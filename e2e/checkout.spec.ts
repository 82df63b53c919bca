import type { Page } from "@playwright/test"
import { readFile } from "node:fs/promises"
import pg from "pg"
import { expect, latestMail, test, verifiedAccount } from "./support"

type Account = Awaited<ReturnType<typeof verifiedAccount>>
/** A product as its page's API call sends it (listings send cards without stock). */
type PagedProduct = { id: string; title: string; basePrice: number; variants: { size: string; stockOnHand: number }[] }

async function signIn(page: Page, account: Account) {
  await page.goto("/login?next=%2Fshop")
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Password").fill(account.password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/shop/)
}

async function accessToken(page: Page): Promise<string> {
  return (await page.evaluate(() => window.localStorage.getItem("accessToken")))!
}

/** Puts one unit of an in-stock size of the n-th newest product in the shopper's bag, through the API the product page uses. */
async function bagProduct(page: Page, n: number): Promise<PagedProduct> {
  const listing = await page.request.get("/api/products?sort=newest&limit=40")
  const inStock: PagedProduct[] = []
  for (const { id } of ((await listing.json()) as { products: { id: string }[] }).products) {
    const { product } = (await (await page.request.get(`/api/products/${id}`)).json()) as { product: PagedProduct }
    if (product.variants.some((v) => v.stockOnHand > 2)) inStock.push(product)
    if (inStock.length > n) break
  }
  const product = inStock[n]!
  const size = product.variants.find((v) => v.stockOnHand > 2)!.size
  const added = await page.request.post("/api/cart", {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    data: { productId: product.id, size, quantity: 1 },
  })
  expect(added.status()).toBe(201)
  return product
}

async function withDb<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await db.connect()
  try {
    return await work(db)
  } finally {
    await db.end()
  }
}

async function giveCoins(account: Account, coins: number) {
  await withDb((db) =>
    db.query("insert into bff.dark_coin_entries (user_id, coins, kind, note) select id, $2, 'adjustment', 'e2e seed' from bff.users where email = $1", [
      account.email,
      coins,
    ]),
  )
}

async function fillNewAddress(page: Page) {
  await page.getByRole("group", { name: "Address source" }).getByRole("button", { name: "Add New" }).click()
  await page.getByLabel("Full name").fill("Asha Verma")
  await page.getByLabel("Phone").fill("9876543210")
  await page.getByLabel("Address line 1").fill("14 Linking Road")
  await page.getByLabel("City").fill("Mumbai")
  await page.getByLabel("State").fill("Maharashtra")
  await page.getByLabel("Pincode").fill("400050")
  await page.getByLabel("Save this address to my account").check()
}

/** The amount in paise the summary shows beside a term (negative for the discount). */
async function summaryPaise(page: Page, term: string): Promise<number | null> {
  const text = (await page.getByRole("region", { name: "Order Summary" }).textContent()) ?? ""
  const match = new RegExp(`${term}\\s*([-+−]?)\\s*₹([\\d,]+)\\.(\\d{2})`).exec(text)
  if (!match) return null
  return (match[1] === "-" || match[1] === "−" ? -1 : 1) * (Number(match[2]!.replace(/,/g, "")) * 100 + Number(match[3]))
}

/** The price text the shop shows: rupees with two decimals and Indian digit grouping (₹1,299.00). */
const rupees = (paise: number) => new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(paise / 100)

test("a shopper cancels an online payment, then pays through the gateway and finds the order PAID in Account › Orders", async ({ page, request }) => {
  const account = await verifiedAccount(request, "online")
  await signIn(page, account)
  const product = await bagProduct(page, 0)

  await page.goto("/payments")
  await expect(page.getByRole("heading", { name: "Choose Payment Method" })).toBeVisible()
  await expect(page.getByText(product.title)).toBeVisible()
  await fillNewAddress(page)
  expect(await summaryPaise(page, "Total")).toBe(product.basePrice)

  // The emulator's Checkout opens; Cancel brings the shopper back with the spec's text.
  await page.getByRole("button", { name: "PAY NOW" }).click()
  const gateway = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: "Pay", exact: true }) })
  await expect(gateway).toBeVisible()
  await gateway.getByRole("button", { name: "Cancel" }).click()
  await expect(page.getByText("Payment cancelled.")).toBeVisible()

  await page.getByRole("button", { name: "PAY NOW" }).click()
  await expect(gateway).toBeVisible()
  await gateway.getByRole("button", { name: "Pay", exact: true }).click()
  await expect(page.getByText("Payment successful. Order placed!")).toBeVisible()
  await page.getByRole("button", { name: "OK" }).click()
  await expect(page).toHaveURL(/\/shop/)

  await page.goto("/account")
  await page.getByRole("tab", { name: "Orders" }).click()
  const order = page.locator(".order-card").filter({ hasText: product.title })
  await expect(order).toBeVisible()
  await expect(order).toContainText("PAID")
  await expect(order).toContainText(rupees(product.basePrice))
  // Paid online: the tax invoice is there at once.
  await expect(order.getByRole("link", { name: "Download invoice" })).toBeVisible()
})

test("a shopper places a COD order with Dark Coins applied, pays the courier's total to the paisa, and sees the parcel delivered", async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, "cod")
  await signIn(page, account)
  const product = await bagProduct(page, 1)
  await giveCoins(account, 250)

  await page.goto("/cart")
  await page.getByRole("button", { name: "Apply", exact: true }).click()
  await page.goto("/payments")
  await page.getByRole("radio", { name: "Cash on Delivery" }).check()
  await fillNewAddress(page)

  const discount = Math.min(Math.floor(250 / 10) * 100, Math.floor(product.basePrice / 100) * 100)
  const total = product.basePrice - discount + 10_000
  expect(await summaryPaise(page, "Subtotal")).toBe(product.basePrice)
  expect(await summaryPaise(page, "Dark Coins Discount")).toBe(-discount)
  expect(await summaryPaise(page, "COD Fee")).toBe(10_000)
  expect(await summaryPaise(page, "Total")).toBe(total)

  await page.getByRole("button", { name: "PLACE COD ORDER" }).click()
  await expect(page.getByText("COD order placed. Please pay the courier on delivery.")).toBeVisible()
  await page.getByRole("button", { name: "OK" }).click()

  const orders = await page.request.get("/api/orders/mine", { headers: { Authorization: `Bearer ${await accessToken(page)}` } })
  const [placed] = ((await orders.json()) as { orders: { id: string; total: number; codFee: number; darkCoinsDiscount: number }[] }).orders
  expect(placed).toMatchObject({ total, codFee: 10_000, darkCoinsDiscount: discount })

  // The BFF dispatches the order itself; the courier then delivers it.
  let awb = ""
  await expect
    .poll(async () => {
      const answer = await page.request.get("/api/orders/mine", { headers: { Authorization: `Bearer ${await accessToken(page)}` } })
      awb = ((await answer.json()) as { orders: { trackingId: string | null }[] }).orders[0]?.trackingId ?? ""
      return awb
    })
    .not.toBe("")
  for (const status of ["PICKUP SCHEDULED", "SHIPPED", "DELIVERED"]) {
    expect((await page.request.post(`/emulator/shiprocket/test/shipments/${awb}/status`, { data: { status } })).status()).toBe(200)
  }

  await page.goto("/account")
  await page.getByRole("tab", { name: "Orders" }).click()
  const order = page.locator(".order-card").filter({ hasText: product.title })
  await expect(order).toContainText("DELIVERED")
  await expect(order).toContainText(rupees(total))
  await expect(order.getByRole("link", { name: new RegExp(awb) })).toHaveAttribute("href", new RegExp(awb))

  // The timeline: each step done, with its date.
  const progress = order.getByRole("list", { name: "Order progress" })
  for (const step of ["Placed", "Shipped", "Delivered"]) {
    await expect(progress.getByRole("listitem").filter({ hasText: step }).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/)
  }
  await expect(progress).not.toContainText("Pending")

  // The GST invoice, issued on delivery, downloads as a PDF adding up to what the courier collected.
  const downloading = page.waitForEvent("download")
  await order.getByRole("link", { name: "Download invoice" }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^invoice-BYF-\d\d-\d\d-\d{6}\.pdf$/)
  const pdf = await readFile((await download.path())!)
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-")

  // The shopper heard of each step by e-mail.
  for (const step of ["confirmed", "shipped", "delivered"]) await latestMail(request, account.email, new RegExp(`^Order #\\d+ ${step}$`))
  const confirmed = (await latestMail(request, account.email, /^Order #\d+ confirmed$/)).text
  expect(/^Total\s+(₹[\d,]+\.\d\d)$/m.exec(confirmed)?.[1]).toBe(rupees(total))
})
