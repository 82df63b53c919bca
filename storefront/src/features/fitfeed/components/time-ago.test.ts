import { describe, expect, it } from "vitest"
import { formatTimeAgo } from "./time-ago"

const NOW = Date.parse("2025-06-30T12:00:00.000Z")
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()

describe("formatTimeAgo", () => {
  it.each([
    [0, "0s ago"],
    [59, "59s ago"],
    [60, "1m ago"],
    [59 * 60 + 59, "59m ago"],
    [60 * 60, "1h ago"],
    [23 * 3600 + 3599, "23h ago"],
    [24 * 3600, "1d ago"],
    [29 * 86400 + 86399, "29d ago"],
  ])("reads %i seconds as %s", (seconds, text) => {
    expect(formatTimeAgo(ago(seconds), NOW)).toBe(text)
  })

  it("shows the date from 30 days on", () => {
    expect(formatTimeAgo("2025-05-31T12:00:00.000Z", NOW)).toBe("31 May 2025")
  })

  it("counts a time in the future as now and an unreadable one as nothing", () => {
    expect(formatTimeAgo(ago(-30), NOW)).toBe("0s ago")
    expect(formatTimeAgo("not a date", NOW)).toBe("")
  })
})
