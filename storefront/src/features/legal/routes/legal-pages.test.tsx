import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderPage } from "@/entry-server"
import { calledUrls, errorResponse, jsonResponse, mockFetch } from "@/testing/mock-fetch"
import { renderApp } from "@/testing/test-utils"
import { LEGAL_INFO_PATH, LEGAL_PAGE_KEYS, LEGAL_PAGES, type LegalInfo, type LegalPageKey } from "@fitshop/contracts"

/** Facts as a production's settings give them: none of them is written anywhere in the storefront. */
const FACTS: LegalInfo = {
  seller: { legalName: "Kurta Kraft Apparel LLP", address: "12 Linking Road, Bandra West, Mumbai 400050", state: "Maharashtra", gstin: "27AAPFU0939F1ZV" },
  customerCare: { email: "help@kurtakraft.example", phone: "+91 98200 11111" },
  grievanceOfficer: { name: "Meera Iyer", email: "grievance@kurtakraft.example", phone: "+91 98200 22222" },
  returnWindowDays: 12,
  codFee: 4900,
}

const serverRender = (url: string) => renderPage({ url, origin: window.location.origin, sentAt: Date.now(), answers: { [LEGAL_INFO_PATH]: FACTS } })!

/** What each page must state from the settings, beyond its name. */
const STATES: Record<LegalPageKey, string[]> = {
  terms: [FACTS.seller.legalName, FACTS.seller.address, FACTS.seller.gstin, "₹49.00", "within 12 days of delivery"],
  privacy: [FACTS.seller.legalName, FACTS.grievanceOfficer.name, FACTS.grievanceOfficer.email, "Razorpay", "Shiprocket", "Data Protection Board of India"],
  returns: ["within 12 days of its delivery", "(₹49.00) is not refunded", "exchange"],
  shipping: ["Shiprocket", "Cash on delivery adds ₹49.00"],
  reviews: [FACTS.seller.legalName, "IS 19000:2022", "Verified buyer", "once 5 buyers", "after three of them", FACTS.grievanceOfficer.name],
  contact: [
    FACTS.customerCare.email,
    FACTS.customerCare.phone,
    FACTS.grievanceOfficer.name,
    FACTS.grievanceOfficer.email,
    FACTS.grievanceOfficer.phone,
    "within 48 hours",
    "within one month",
    FACTS.seller.gstin,
  ],
}

describe("the policy pages, as the server paints them (no JavaScript needed to read them)", () => {
  it.each(LEGAL_PAGE_KEYS)("paints %s with the settings' facts, its name and its canonical address", (key) => {
    const { path, name } = LEGAL_PAGES[key]
    const page = serverRender(path)
    expect(page.status).toBe(200)
    expect(page.meta).toEqual({ title: `${name} | Build Your Fit`, description: LEGAL_PAGES[key].description, canonicalPath: path })
    const container = document.createElement("div")
    container.innerHTML = page.html
    expect(within(container).getByRole("heading", { level: 1 })).toHaveTextContent(name)
    for (const fact of STATES[key]) expect(container.textContent, fact).toContain(fact)
    // The shop's policy (style-src 'self') refuses inline styles in HTML.
    expect(page.html).not.toMatch(/\sstyle="/)
  })

  it("links the grievance officer's e-mail and phone so a phone can write or call", () => {
    const container = document.createElement("div")
    container.innerHTML = serverRender("/contact").html
    expect(within(container).getByRole("link", { name: FACTS.grievanceOfficer.email })).toHaveAttribute("href", `mailto:${FACTS.grievanceOfficer.email}`)
    expect(within(container).getByRole("link", { name: FACTS.grievanceOfficer.phone })).toHaveAttribute("href", "tel:+919820022222")
  })
})

describe("the policy pages, opened inside the shop", () => {
  it("read the facts from the BFF when the page did not come with them", async () => {
    const calls = mockFetch((url) => (url.pathname === LEGAL_INFO_PATH ? jsonResponse(FACTS) : errorResponse("Unauthorized", 401)))
    renderApp("/contact")
    expect(await screen.findByText(FACTS.grievanceOfficer.name)).toBeInTheDocument()
    expect(calledUrls(calls, LEGAL_INFO_PATH)).toHaveLength(1)
  })

  it("say so when the facts can't be read", async () => {
    mockFetch(() => errorResponse("unavailable", 503))
    renderApp("/terms")
    expect(await screen.findByRole("alert")).toHaveTextContent("unavailable")
  })
})
