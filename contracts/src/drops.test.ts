import { describe, expect, it } from "vitest"
import { adminProductInput } from "./admin.js"
import { dropSchema, productSchema } from "./catalog.js"
import { DROP_MESSAGES, dropHasOpened, dropOpensMessage, indiaDateTime } from "./drops.js"

const messages = (input: unknown) => adminProductInput.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? []

describe("dropSchema", () => {
  it("keeps a start with its offset and limits one shopper to 1 unless staff say", () => {
    expect(dropSchema.parse({ startsAt: "2026-12-07T20:00:00+05:30" })).toEqual({ startsAt: "2026-12-07T20:00:00+05:30", limitPerShopper: 1 })
    expect(dropSchema.parse({ startsAt: "2026-12-07T14:30:00.000Z", limitPerShopper: 10 }).limitPerShopper).toBe(10)
  })

  it("refuses a start without an offset and a limit outside 1 to 10, saying what is wanted", () => {
    for (const startsAt of ["2026-12-07T20:00:00", "2026-12-07", "tomorrow", 1765110600000]) {
      expect(messages({ title: "T", drop: { startsAt } })).toEqual([`drop.startsAt: ${DROP_MESSAGES.startsAt}`])
    }
    for (const limitPerShopper of [0, 11, 1.5, "2"]) {
      expect(messages({ title: "T", drop: { startsAt: "2026-12-07T20:00:00+05:30", limitPerShopper } })).toEqual([
        `drop.limitPerShopper: ${DROP_MESSAGES.limit}`,
      ])
    }
  })
})

describe("the console's product input", () => {
  it("has no drop unless one is sent, and clears it with null", () => {
    expect(adminProductInput.parse({ title: "T" }).drop).toBeNull()
    expect(adminProductInput.parse({ title: "T", drop: null }).drop).toBeNull()
    expect(adminProductInput.parse({ title: "T", drop: { startsAt: "2026-12-07T20:00:00+05:30", limitPerShopper: 2 } }).drop).toEqual({
      startsAt: "2026-12-07T20:00:00+05:30",
      limitPerShopper: 2,
    })
  })
})

describe("the shop's Product", () => {
  it("carries its drop or null", () => {
    expect(productSchema.shape.drop.parse(null)).toBeNull()
    expect(productSchema.shape.drop.parse({ startsAt: "2026-12-07T14:30:00Z", limitPerShopper: 3 })).toEqual({
      startsAt: "2026-12-07T14:30:00Z",
      limitPerShopper: 3,
    })
  })
})

describe("dropOpensMessage", () => {
  it("says when the drop opens in India time", () => {
    expect(dropOpensMessage("2026-12-07T14:30:00Z")).toBe("This drop opens at 7 Dec 2026, 8:00 pm IST")
    expect(dropOpensMessage("2026-12-07T20:00:00+05:30")).toBe("This drop opens at 7 Dec 2026, 8:00 pm IST")
  })

  it("names India's date when the instant is still the day before in UTC", () => {
    // 18:45 UTC on 31 December is 00:15 on 1 January in India.
    expect(indiaDateTime("2026-12-31T18:45:00Z")).toBe("1 Jan 2027, 12:15 am IST")
    expect(dropOpensMessage("2026-12-31T18:29:00Z")).toBe("This drop opens at 31 Dec 2026, 11:59 pm IST")
  })
})

describe("dropHasOpened", () => {
  const drop = { startsAt: "2026-12-07T20:00:00+05:30" }
  it("opens at its start, not a millisecond before; a product without a drop is always open", () => {
    expect(dropHasOpened(drop, new Date("2026-12-07T14:29:59.999Z"))).toBe(false)
    expect(dropHasOpened(drop, new Date("2026-12-07T14:30:00.000Z"))).toBe(true)
    expect(dropHasOpened(null, new Date(0))).toBe(true)
    expect(dropHasOpened(undefined)).toBe(true)
  })
})
