import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { jsonResponse, mockFetch } from "@/testing/mock-fetch"
import { renderApp } from "@/testing/test-utils"
import { LEGAL_PAGES, type LegalInfo } from "@fitshop/contracts"

const FACTS: LegalInfo = {
  seller: { legalName: "Kurta Kraft Apparel LLP", address: "12 Linking Road, Mumbai 400050", state: "Maharashtra", gstin: "27AAPFU0939F1ZV" },
  customerCare: { email: "help@kurtakraft.example", phone: "+91 98200 11111" },
  grievanceOfficer: { name: "Meera Iyer", email: "grievance@kurtakraft.example", phone: "+91 98200 22222" },
  returnWindowDays: 12,
  codFee: 4900,
}

describe(LEGAL_PAGES.reviews.path, () => {
  it("states how reviews are collected, counted, moderated and withdrawn, under its headings", async () => {
    mockFetch(() => jsonResponse(FACTS))
    renderApp(LEGAL_PAGES.reviews.path)

    const title = await screen.findByRole("heading", { level: 1, name: "Reviews policy" })
    const page = title.closest("article")!
    expect((await screen.findAllByRole("heading", { level: 2 })).map((heading) => heading.textContent)).toEqual([
      "Who can review",
      "What a review shows",
      "How ratings are counted",
      "Moderation",
      "Incentives",
      "Editing and withdrawing",
      "Invitations to review",
      "Complaints",
    ])
    expect(within(page).getByRole("link", { name: LEGAL_PAGES.contact.name })).toHaveAttribute("href", "/contact")
    expect(within(page).getByText(FACTS.grievanceOfficer.name)).toBeInTheDocument()
  })
})
