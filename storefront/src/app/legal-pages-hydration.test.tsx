import { afterEach, describe, expect, it } from "vitest"
import { renderPage } from "@/entry-server"
import { calledUrls, errorResponse, mockFetch } from "@/testing/mock-fetch"
import { hydrateApp, unmountHydratedApp } from "@/testing/hydrate-app"
import { pageCameWith } from "@/testing/server-answers"
import { LEGAL_INFO_PATH, LEGAL_PAGE_KEYS, LEGAL_PAGES, type LegalInfo } from "@fitshop/contracts"

const FACTS: LegalInfo = {
  seller: { legalName: "Kurta Kraft Apparel LLP", address: "12 Linking Road, Bandra West, Mumbai 400050", state: "Maharashtra", gstin: "27AAPFU0939F1ZV" },
  customerCare: { email: "help@kurtakraft.example", phone: "+91 98200 11111" },
  grievanceOfficer: { name: "Meera Iyer", email: "grievance@kurtakraft.example", phone: "+91 98200 22222" },
  returnWindowDays: 12,
  codFee: 4900,
}

afterEach(() => {
  unmountHydratedApp()
})

describe("the policy pages the server painted", () => {
  it.each(LEGAL_PAGE_KEYS)("are taken over by the browser (%s) without a mismatch and without asking for the facts again", async (key) => {
    const calls = mockFetch(() => errorResponse("unavailable", 503))
    const { path } = LEGAL_PAGES[key]
    const sentAt = Date.now()
    const page = renderPage({ url: path, origin: window.location.origin, sentAt, answers: { [LEGAL_INFO_PATH]: FACTS } })!
    pageCameWith({ [LEGAL_INFO_PATH]: FACTS }, sentAt)
    window.history.replaceState(null, "", path)
    const container = document.createElement("div")
    container.innerHTML = page.html
    document.body.append(container)
    const painted = container.textContent
    expect(painted).toContain(key === "returns" || key === "shipping" ? "₹49.00" : FACTS.seller.legalName)
    expect(await hydrateApp(container)).toEqual([])
    expect(container.textContent).toBe(painted)
    expect(calledUrls(calls, LEGAL_INFO_PATH)).toEqual([])
  })
})
