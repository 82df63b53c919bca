import { describe, expect, it } from "vitest"
import { gstinCheckCharacter, isValidGstin } from "./gstin.js"

/** Registrations whose numbers are public (GST's own example, Amazon's and Flipkart's in Karnataka): their check characters are GSTN's. */
const REGISTERED = ["27AAPFU0939F1ZV", "29AAICA3918J1ZE", "29AACCF0683K1ZD"]

describe("isValidGstin", () => {
  it("takes real GSTINs, whose last character is the check character of the first 14", () => {
    for (const gstin of REGISTERED) {
      expect(isValidGstin(gstin), gstin).toBe(true)
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14))
    }
  })

  it("refuses a wrong check character, a typo elsewhere and two characters swapped", () => {
    expect(isValidGstin("27AAPFU0939F1ZW")).toBe(false)
    expect(isValidGstin("27AAPFU0938F1ZV")).toBe(false)
    expect(isValidGstin("27AAPFU0399F1ZV")).toBe(false)
  })

  it("refuses what is not shaped like a GSTIN, whatever its check character", () => {
    for (const wrong of ["27AAPFU0939F1Z", "99AAPFU0939F1ZV", "27aapfu0939f1zv", "27AAPFU0939F1XV", " 27AAPFU0939F1ZV", ""]) {
      expect(isValidGstin(wrong), wrong).toBe(false)
    }
  })
})
