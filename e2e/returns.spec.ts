import { buyByCashOnDelivery, deliver, productInStock, signIn } from "./shopper"
import { expect, latestMail, test, verifiedAccount } from "./support"

test("a shopper returns a delivered cash-on-delivery line from the account and watches it reach Refunded, the coins in their wallet", async ({
  page,
  request,
}) => {
  // A purchase through Medusa, its delivery, then the return's pickup and receipt: several jobs in a row.
  test.setTimeout(120_000)
  const account = await verifiedAccount(request, "returner")
  await signIn(page, account, "/account")
  const { product, size } = await productInStock(page)
  await deliver(page, await buyByCashOnDelivery(page, product.id, size))

  await page.goto("/account")
  await page.getByRole("tab", { name: "Orders" }).click()
  const order = page.locator(".order-card").filter({ hasText: product.title })
  await expect(order).toContainText("DELIVERED")
  await order.getByRole("button", { name: "Return", exact: true }).click()

  const form = page.getByRole("dialog", { name: "Return item" })
  await form.getByRole("radio", { name: "Size too big" }).check()
  // Paid in cash: the value comes back as Dark Coins, ten a rupee, and the COD fee does not.
  const coins = product.basePrice / 10
  await expect(form).toContainText(`${coins} Dark Coins (10 coins = ₹1) to your wallet`)
  await expect(form).toContainText("The ₹100.00 cash on delivery fee is not refunded.")
  await form.getByRole("button", { name: "Request return" }).click()
  await expect(form).toBeHidden()

  const progress = order.getByRole("list", { name: "Return progress" })
  await expect(progress).toBeVisible()
  // The BFF books the courier's pickup on its own; the courier then collects the parcel and brings it to the warehouse.
  const track = order.getByRole("link", { name: "Track pickup" })
  await expect(async () => {
    await page.reload()
    await page.getByRole("tab", { name: "Orders" }).click()
    await expect(track).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  const awb = decodeURIComponent(/\/tracking\/([^/?#]+)/.exec((await track.getAttribute("href")) ?? "")?.[1] ?? "")
  expect(awb).not.toBe("")
  for (const status of ["RETURN PICKED UP", "RETURN DELIVERED"]) {
    expect((await page.request.post(`/emulator/shiprocket/test/shipments/${awb}/status`, { data: { status } })).status()).toBe(200)
  }

  await expect(async () => {
    await page.reload()
    await page.getByRole("tab", { name: "Orders" }).click()
    await expect(progress.getByRole("listitem").filter({ hasText: "Refunded" }).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/, {
      timeout: 1_000,
    })
  }).toPass({ timeout: 30_000 })
  for (const step of ["Requested", "Pickup scheduled", "Picked up", "Received"]) {
    await expect(progress.getByRole("listitem").filter({ hasText: step }).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/)
  }

  // The coins are in the wallet, and the shopper heard of each step.
  await page.getByRole("tab", { name: "Earnings" }).click()
  await expect(page.getByText(`Return: ${product.title} (${size}) refunded as Dark Coins`)).toBeVisible()
  for (const subject of [
    /^Return requested for order #\d+$/,
    /^Pickup booked for your return \(order #\d+\)$/,
    /^Refund issued for your return \(order #\d+\)$/,
  ]) {
    await latestMail(request, account.email, subject)
  }
})
