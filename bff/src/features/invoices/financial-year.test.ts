import { describe, expect, it } from "vitest"
import { documentNumber, financialYearOf } from "./financial-year.js"

describe("financialYearOf", () => {
  it("names the year of 1 April to 31 March by its two years", () => {
    expect(financialYearOf(new Date("2026-11-27T10:00:00Z"))).toBe("26-27")
    expect(financialYearOf(new Date("2027-02-15T10:00:00Z"))).toBe("26-27")
  })

  it("turns at midnight in India: 31 March 23:59 IST is the old year, 1 April 00:00 IST the new", () => {
    // India is UTC+05:30: 1 April 00:00 IST is 31 March 18:30 UTC.
    expect(financialYearOf(new Date("2027-03-31T18:29:59.999Z"))).toBe("26-27")
    expect(financialYearOf(new Date("2027-03-31T18:30:00.000Z"))).toBe("27-28")
    expect(financialYearOf(new Date("2027-03-31T20:00:00.000Z"))).toBe("27-28")
  })

  it("writes a year across a century with two digits each", () => {
    expect(financialYearOf(new Date("2099-04-01T00:00:00Z"))).toBe("99-00")
    expect(financialYearOf(new Date("2000-03-01T00:00:00Z"))).toBe("99-00")
  })

  it("rejects an invalid date", () => {
    expect(() => financialYearOf(new Date("not a date"))).toThrow(RangeError)
  })
})

describe("documentNumber", () => {
  it("joins series, year and a six-digit sequence", () => {
    expect(documentNumber("BYF", "26-27", 123)).toBe("BYF/26-27/000123")
    expect(documentNumber("BYC", "26-27", 7)).toBe("BYC/26-27/000007")
  })

  it("allows the 16 characters GST allows and no more", () => {
    expect(documentNumber("BYF", "26-27", 999_999)).toBe("BYF/26-27/999999")
    expect(() => documentNumber("BYF", "26-27", 1_000_000)).toThrow(/16 characters/)
    expect(() => documentNumber("BYFX", "26-27", 1)).toThrow(/16 characters/)
  })

  it("starts a sequence at 1 and takes only whole numbers", () => {
    expect(documentNumber("BYF", "26-27", 1)).toBe("BYF/26-27/000001")
    expect(() => documentNumber("BYF", "26-27", 0)).toThrow(RangeError)
    expect(() => documentNumber("BYF", "26-27", 1.5)).toThrow(RangeError)
  })

  it("refuses characters GST doesn't allow in a number", () => {
    expect(() => documentNumber("B F", "26-27", 1)).toThrow(/letters, digits/)
  })
})
