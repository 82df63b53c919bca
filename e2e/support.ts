import { randomBytes } from "node:crypto"
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test"

export { expect }

/** A Content Security Policy violation as the page's `securitypolicyviolation` event reports it. */
export type CspViolation = { url: string; directive: string; blockedURI: string; sample: string }

type CspViolations = {
  /** Every violation reported so far in the test's browser contexts. */
  readonly reported: CspViolation[]
  /** Lets the test's own deliberate violations through (the security journey injects a script on purpose). */
  allow(expected: (violation: CspViolation) => boolean): void
}

const REPORT_BINDING = "__reportCspViolation"

/** Records the violations every page of `context` reports, from before the page's first script runs. */
async function recordViolations(context: BrowserContext, reported: CspViolation[]) {
  await context.exposeBinding(REPORT_BINDING, (_source, violation: CspViolation) => void reported.push(violation))
  await context.addInitScript((binding) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as Record<string, (violation: CspViolation) => void>)[binding]
      report?.({ url: event.documentURI, directive: event.effectiveDirective, blockedURI: event.blockedURI, sample: event.sample })
    })
  }, REPORT_BINDING)
}

/**
 * The storefront's pages come painted by the server and are taken over by the app a moment later: index.html's
 * loader marks the page `data-app="starting"`, the app "ready" once its first render is on screen. Until then a tap
 * on a button does nothing, so a journey waits, as a shopper would, before acting on the page it opened.
 */
async function untilAppReady(page: Page) {
  try {
    // Read first: with JavaScript off the loader never runs (no mark), and a page-side wait would never be polled.
    if ((await page.evaluate(() => document.documentElement.dataset.app)) !== "starting") return
    await page.waitForFunction(() => document.documentElement.dataset.app !== "starting")
  } catch (error) {
    // A page that moves on by itself (a form the payment step submits) is the next page's to wait for.
    if (/Execution context was destroyed|navigation/i.test(String(error))) return
    throw error
  }
}

let navigationsWaitForApp = false

/** Makes every page's goto and reload resolve once the app has taken over the page they opened (see untilAppReady). */
function waitForAppAfterNavigations(page: Page) {
  if (navigationsWaitForApp) return
  navigationsWaitForApp = true
  const pages = Object.getPrototypeOf(page) as Page
  const { goto, reload } = pages
  pages.goto = async function (this: Page, ...args: Parameters<Page["goto"]>) {
    const response = await goto.apply(this, args)
    await untilAppReady(this)
    return response
  }
  pages.reload = async function (this: Page, ...args: Parameters<Page["reload"]>) {
    const response = await reload.apply(this, args)
    await untilAppReady(this)
    return response
  }
}

/**
 * Journeys fail on any CSP violation a page reports, in the test's context and in those it opens with
 * browser.newContext; and their pages' goto and reload wait for the app to take the page over.
 */
export const test = base.extend<{ cspViolations: CspViolations; appReady: void }>({
  appReady: [
    async ({ page }, use) => {
      waitForAppAfterNavigations(page)
      await use()
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ browser, context }: { browser: Browser; context: BrowserContext }, use) => {
      const reported: CspViolation[] = []
      const allowed: ((violation: CspViolation) => boolean)[] = []
      await recordViolations(context, reported)
      const newContext = browser.newContext
      browser.newContext = async (...args) => {
        const opened = await newContext.apply(browser, args)
        await recordViolations(opened, reported)
        return opened
      }
      try {
        await use({ reported, allow: (expected) => void allowed.push(expected) })
      } finally {
        browser.newContext = newContext
      }
      // A round trip to each open page delivers the reports still on their way.
      const pages = browser.contexts().flatMap((open) => open.pages())
      await Promise.all(pages.map((page) => page.evaluate(() => 0).catch(() => 0)))
      const unexpected = reported.filter((violation) => !allowed.some((expected) => expected(violation)))
      expect(unexpected, "Content Security Policy violations reported by the browser").toEqual([])
    },
    { auto: true },
  ],
})

export function newAccount(label: string) {
  const id = randomBytes(4).toString("hex")
  return { name: `E2E ${label}`, email: `${label}-${id}@example.test`, handle: `${label}.${id}`.slice(0, 20), password: "journey2026" }
}

/** The newest message the dev outbox holds for an address (whose subject matches, when given); mail goes out from the BFF's job queue, so this waits for it. */
export async function latestMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<{ subject: string; text: string }> {
  let mail: { subject: string; text: string } | undefined
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
      mail = ((await response.json()) as { messages: { subject: string; text: string }[] }).messages.find((m) => !subject || subject.test(m.subject))
      return Boolean(mail)
    })
    .toBe(true)
  return mail!
}

export async function mailedCode(request: APIRequestContext, to: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await latestMail(request, to, /is your verification code$/)).text)?.[1]
  expect(code, `a 6-digit code mailed to ${to}`).toBeTruthy()
  return code!
}

/** A verified account made through the API, for journeys that start after sign-up. */
export async function verifiedAccount(request: APIRequestContext, label: string) {
  const account = newAccount(label)
  expect((await request.post("/api/auth/signup", { data: account })).status()).toBe(201)
  const verify = await request.post("/api/auth/verify-email", { data: { email: account.email, code: await mailedCode(request, account.email) } })
  expect(verify.status()).toBe(200)
  return account
}
