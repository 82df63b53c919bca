import { spawnSync } from "node:child_process"
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, GENERIC_INDEX, TEST_PUBLIC_URL } from "../../../test/app.js"
import { legalInfoSchema, LEGAL_PAGES } from "@fitshop/contracts"
import { serverEntryOf } from "../seo/storefront-renderer.js"

const STOREFRONT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..", "storefront")

/** A seller and contacts as an operator sets them: none of them is the demo's, and none is written in the storefront. */
const SETTINGS = {
  SELLER_LEGAL_NAME: "Kurta Kraft Apparel LLP",
  SELLER_ADDRESS: "12 Linking Road, Bandra West, Mumbai 400050",
  SELLER_STATE: "Maharashtra",
  SELLER_GSTIN: "27AAPFU0939F1ZV",
  SELLER_CUSTOMER_CARE_EMAIL: "help@kurtakraft.example",
  SELLER_CUSTOMER_CARE_PHONE: "+91 98200 11111",
  GRIEVANCE_OFFICER_NAME: "Meera Iyer",
  GRIEVANCE_OFFICER_EMAIL: "grievance@kurtakraft.example",
  GRIEVANCE_OFFICER_PHONE: "+91 98200 22222",
  RETURN_WINDOW_DAYS: "12",
}

let root: string
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  // The storefront's own server render, built from its source into a folder of this test's (a few seconds): the
  // repository's builds are not this suite's.
  root = await mkdtemp(path.join(tmpdir(), "fitshop-legal-"))
  const dist = path.join(root, "dist")
  await mkdir(dist)
  await writeFile(path.join(dist, "index.html"), GENERIC_INDEX)
  const build = spawnSync("npx", ["vite", "build", "--ssr", "src/entry-server.tsx", "--outDir", path.dirname(serverEntryOf(dist)), "--logLevel", "error"], {
    cwd: STOREFRONT,
    encoding: "utf8",
    // Built as the production build is (the tests' NODE_ENV=test would compile JSX for React's development runtime).
    env: { ...process.env, NODE_ENV: "production" },
  })
  if (build.status !== 0) throw new Error(`the storefront's server render did not build: ${build.stderr || build.stdout}`)
  ctx = await createTestApp({ ...SETTINGS, STOREFRONT_DIST: dist })
}, 180_000)
afterAll(async () => {
  await ctx?.close()
  await rm(root, { recursive: true, force: true })
})

/** The text a reader without JavaScript sees: the root's markup without its tags. */
const paintedText = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<\/body>/
    .exec(html)![1]!
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")

describe("GET /api/legal", () => {
  it("answers the settings' seller, customer care, grievance officer, return window and COD fee", async () => {
    const response = await request(ctx.app).get("/api/legal")
    expect(response.status).toBe(200)
    expect(legalInfoSchema.parse(response.body)).toEqual({
      seller: { legalName: SETTINGS.SELLER_LEGAL_NAME, address: SETTINGS.SELLER_ADDRESS, state: "Maharashtra", gstin: SETTINGS.SELLER_GSTIN },
      customerCare: { email: SETTINGS.SELLER_CUSTOMER_CARE_EMAIL, phone: SETTINGS.SELLER_CUSTOMER_CARE_PHONE },
      grievanceOfficer: { name: "Meera Iyer", email: SETTINGS.GRIEVANCE_OFFICER_EMAIL, phone: SETTINGS.GRIEVANCE_OFFICER_PHONE },
      returnWindowDays: 12,
      codFee: 10_000,
    })
  })
})

describe("the policy pages as the server sends them", () => {
  it("come painted by the storefront's render with the settings' facts, named, and with their canonical address", async () => {
    const expected: Record<string, string[]> = {
      [LEGAL_PAGES.terms.path]: [SETTINGS.SELLER_LEGAL_NAME, SETTINGS.SELLER_ADDRESS, SETTINGS.SELLER_GSTIN, "within 12 days of delivery", "₹100.00"],
      [LEGAL_PAGES.privacy.path]: [
        SETTINGS.SELLER_LEGAL_NAME,
        "Meera Iyer",
        SETTINGS.GRIEVANCE_OFFICER_EMAIL,
        "Razorpay",
        "Shiprocket",
        "Data Protection Board",
      ],
      [LEGAL_PAGES.returns.path]: ["within 12 days of its delivery", "₹100.00"],
      [LEGAL_PAGES.shipping.path]: ["Shiprocket", "₹100.00"],
      [LEGAL_PAGES.reviews.path]: ["IS 19000:2022", "Meera Iyer", SETTINGS.GRIEVANCE_OFFICER_EMAIL],
      [LEGAL_PAGES.contact.path]: [
        SETTINGS.SELLER_CUSTOMER_CARE_EMAIL,
        SETTINGS.SELLER_CUSTOMER_CARE_PHONE,
        "Meera Iyer",
        SETTINGS.GRIEVANCE_OFFICER_EMAIL,
        SETTINGS.GRIEVANCE_OFFICER_PHONE,
        "within 48 hours",
        "within one month",
      ],
    }
    for (const { path: address, name } of Object.values(LEGAL_PAGES)) {
      const response = await request(ctx.app).get(address)
      expect(response.status, address).toBe(200)
      expect(response.text).toContain(`<title>${name} | Build Your Fit</title>`)
      expect(response.text).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}${address}" />`)
      const text = paintedText(response.text)
      expect(text).toContain(name)
      for (const fact of expected[address]!) expect(text, `${address}: ${fact}`).toContain(fact)
      // The demo seller's facts are nowhere: the page says what the settings say.
      expect(response.text).not.toContain("(demo)")
    }
  })

  it("are in the sitemap", async () => {
    const sitemap = (await request(ctx.app).get("/sitemap.xml")).text
    for (const { path: address } of Object.values(LEGAL_PAGES)) expect(sitemap).toContain(`<loc>${TEST_PUBLIC_URL}${address}</loc>`)
  })
})
