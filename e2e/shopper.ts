import type { Page } from "@playwright/test"
import { expect, type verifiedAccount } from "./support"

/** A shopper's steps the journeys share: signing in, buying by cash on delivery, and the courier delivering it. */

export type Account = Awaited<ReturnType<typeof verifiedAccount>>
export type PagedProduct = { id: string; title: string; basePrice: number; variants: { size: string; stockOnHand: number }[] }

const ADDRESS = {
  fullName: "Asha Verma",
  phone: "9876543210",
  line1: "14 Linking Road",
  city: "Mumbai",
  state: "Maharashtra",
  postalCode: "400050",
  country: "India",
}

export async function signIn(page: Page, account: Account, next = "/fitfeed") {
  await page.goto(`/login?next=${encodeURIComponent(next)}`)
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Password").fill(account.password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(new RegExp(next))
}

export async function bearer(page: Page) {
  return { Authorization: `Bearer ${await page.evaluate(() => window.localStorage.getItem("accessToken"))}` }
}

/** An older product with a size in stock (the checkout journeys take the newest ones). */
export async function productInStock(page: Page): Promise<{ product: PagedProduct; size: string }> {
  const listing = await page.request.get("/api/products?sort=newest&limit=60")
  const ids = ((await listing.json()) as { products: { id: string }[] }).products.map((p) => p.id).reverse()
  for (const id of ids) {
    const { product } = (await (await page.request.get(`/api/products/${id}`)).json()) as { product: PagedProduct }
    const variant = product.variants.find((v) => v.stockOnHand > 3)
    if (variant) return { product, size: variant.size }
  }
  throw new Error("no product in stock")
}

/** A cash-on-delivery order for one unit, through the same calls the bag and checkout pages make. */
export async function buyByCashOnDelivery(page: Page, productId: string, size: string, refPostId: string | null = null) {
  const headers = await bearer(page)
  expect((await page.request.post("/api/cart", { headers, data: { productId, size, quantity: 1, refPostId } })).status()).toBe(201)
  const placed = await page.request.post("/api/checkout", {
    headers,
    data: { shippingAddressSnapshot: ADDRESS, payment: { gateway: "cod", mode: "cod" }, darkCoins: { applied: false, coins: 0 } },
  })
  expect(placed.status()).toBe(201)
  return ((await placed.json()) as { orderId: string }).orderId
}

/** The courier delivers the order: the BFF dispatched it to the Shiprocket emulator, whose scans move it to delivered. */
export async function deliver(page: Page, orderId: string) {
  let awb = ""
  await expect
    .poll(async () => {
      const answer = await page.request.get("/api/orders/mine", { headers: await bearer(page) })
      const orders = ((await answer.json()) as { orders: { id: string; trackingId: string | null }[] }).orders
      awb = orders.find((order) => order.id === orderId)?.trackingId ?? ""
      return awb
    })
    .not.toBe("")
  for (const status of ["PICKUP SCHEDULED", "SHIPPED", "DELIVERED"]) {
    expect((await page.request.post(`/emulator/shiprocket/test/shipments/${awb}/status`, { data: { status } })).status()).toBe(200)
  }
}
