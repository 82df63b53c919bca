import { expect, test, latestMail, mailedCode, newAccount, verifiedAccount } from "./support"

test("a shopper signs up with a @handle, verifies the e-mailed code, stays signed in across a reload and logs out", async ({ page, request }) => {
  const account = newAccount("journey")
  await page.goto("/login?next=/account")
  await page.getByRole("tab", { name: /sign ?up/i }).click()
  await page.getByLabel("Name").fill(account.name)
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Password").fill(account.password)
  await page.getByLabel("Handle").fill(account.handle)
  await expect(page.getByText("2–20 chars · letters, numbers, ._- · cannot start/end with dot or dash.")).toBeVisible()
  await page.getByRole("button", { name: "Create account" }).click()

  await expect(page.getByText("We sent a 6-digit code to your email. Enter it below to verify.")).toBeVisible()
  const code = await mailedCode(request, account.email)
  await page.getByLabel("Digit 1").click()
  await page.keyboard.type(code)
  for (let i = 0; i < 6; i++) await expect(page.getByLabel(`Digit ${i + 1}`)).toHaveValue(code[i]!)
  await page.getByRole("button", { name: "Verify" }).click()

  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByText(`@${account.handle}`).first()).toBeVisible()

  await page.reload()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByText(`@${account.handle}`).first()).toBeVisible()

  await page.getByRole("button", { name: "Logout" }).click()
  await expect(page).not.toHaveURL(/\/account$/)
  await page.goto("/account")
  await expect(page).toHaveURL(/\/login\?next=%2Faccount/)
})

test("a shopper who forgot the password resets it from the e-mailed link and signs in with the new one", async ({ page, request }) => {
  const account = await verifiedAccount(request, "forgot")
  await page.goto("/forgot-password")
  await page.getByLabel("Email").fill(account.email)
  await page.getByRole("button", { name: "Send reset link" }).click()
  await expect(page.getByText("we sent a reset link to your Email. Check your inbox.")).toBeVisible()

  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec((await latestMail(request, account.email, /^Reset your password$/)).text)?.[0]
  expect(link).toBeTruthy()
  await page.goto(link!)
  await page.getByLabel("New password").fill("brandnew2026")
  await page.getByLabel("Confirm password").fill("brandnew2026")
  await page.getByRole("button", { name: "Update password" }).click()
  await expect(page.getByText("Password updated. Redirecting to login…")).toBeVisible()
  await expect(page).toHaveURL(/\/login/)

  await page.getByRole("tab", { name: /^log ?in$/i }).click()
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Password").fill("brandnew2026")
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/account$/)
})
