import { describe, expect, it } from "vitest"
import { countdownText, msToNextTick, secondsUntil } from "./drop-countdown"

const seconds = (days: number, hours: number, minutes: number, rest: number) => ((days * 24 + hours) * 60 + minutes) * 60 + rest

describe("countdownText", () => {
  it("shows days, then hours, minutes and seconds in two digits", () => {
    expect(countdownText(seconds(2, 4, 13, 9))).toBe("2d 04:13:09")
    expect(countdownText(seconds(0, 23, 59, 59))).toBe("23:59:59")
    expect(countdownText(seconds(1, 0, 0, 0))).toBe("1d 00:00:00")
    expect(countdownText(0)).toBe("00:00:00")
  })
})

describe("secondsUntil", () => {
  it("rounds a part second up, so it is 0 only once the start has come", () => {
    expect(secondsUntil(10_000, 9_999)).toBe(1)
    expect(secondsUntil(10_000, 600)).toBe(10)
    expect(secondsUntil(10_000, 10_000)).toBe(0)
    expect(secondsUntil(10_000, 15_000)).toBe(0)
  })
})

describe("msToNextTick", () => {
  it("waits to the next whole second before the start, a full second when on one", () => {
    expect(msToNextTick(2400)).toBe(400)
    expect(msToNextTick(3000)).toBe(1000)
  })
})
