import { describe, expect, it } from "vitest"
import { formatDeliveryDay, formatShortDate } from "./dates"

describe("formatShortDate", () => {
  it("shows the day in India, past midnight there while it is still the evening before in UTC", () => {
    expect(formatShortDate("2025-03-14T10:30:00.000Z")).toBe("14 Mar 2025")
    expect(formatShortDate("2025-03-14T19:00:00.000Z")).toBe("15 Mar 2025")
  })

  it("answers '' for a time that can't be read", () => {
    expect(formatShortDate("not a time")).toBe("")
  })
})

describe("formatDeliveryDay", () => {
  it("shows a calendar day with its weekday, as that day wherever the shopper is", () => {
    expect(formatDeliveryDay("2026-12-01")).toBe("Tue, 1 Dec")
  })

  it("answers '' for a day that can't be read", () => {
    expect(formatDeliveryDay("someday")).toBe("")
  })
})
