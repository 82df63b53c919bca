import { describe, expect, it } from "vitest"
import { gstState, placeOfSupply, sameState } from "./indian-states.js"

/** The 28 states and 8 union territories with their GST state codes, as the GST portal lists them. */
const ALL = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
}

describe("placeOfSupply", () => {
  it("knows all 36 states and union territories by their GST codes", () => {
    expect(Object.keys(ALL)).toHaveLength(36)
    for (const [state, code] of Object.entries(ALL)) expect(placeOfSupply(state)).toEqual({ state, code })
  })

  it("reads a name whatever its case and spacing, and with & for and", () => {
    expect(placeOfSupply("  maharashtra ")).toEqual({ state: "Maharashtra", code: "27" })
    expect(placeOfSupply("TAMIL NADU")).toEqual({ state: "Tamil Nadu", code: "33" })
    expect(placeOfSupply("Tamilnadu")).toEqual({ state: "Tamil Nadu", code: "33" })
    expect(placeOfSupply("Jammu & Kashmir")).toEqual({ state: "Jammu and Kashmir", code: "01" })
    expect(placeOfSupply("Andaman & Nicobar Islands")).toEqual({ state: "Andaman and Nicobar Islands", code: "35" })
  })

  it("reads the common aliases: short codes, old names and Delhi's many spellings", () => {
    const canonical = (text: string) => placeOfSupply(text).state
    expect(canonical("MH")).toBe("Maharashtra")
    expect(canonical("KA")).toBe("Karnataka")
    expect(canonical("IN-MH")).toBe("Maharashtra")
    expect(canonical("New Delhi")).toBe("Delhi")
    expect(canonical("NCT of Delhi")).toBe("Delhi")
    expect(canonical("Orissa")).toBe("Odisha")
    expect(canonical("Pondicherry")).toBe("Puducherry")
    expect(canonical("J&K")).toBe("Jammu and Kashmir")
    expect(canonical("Uttaranchal")).toBe("Uttarakhand")
    expect(canonical("Daman and Diu")).toBe("Dadra and Nagar Haveli and Daman and Diu")
    expect(canonical("TS")).toBe("Telangana")
    expect(canonical("AP")).toBe("Andhra Pradesh")
  })

  it("keeps a name it doesn't know as typed, without a code", () => {
    expect(placeOfSupply(" Atlantis ")).toEqual({ state: "Atlantis", code: null })
    expect(gstState("")).toBeNull()
  })
})

describe("sameState", () => {
  it("compares states by their GST code, however they are spelled", () => {
    expect(sameState("Maharashtra", "MH")).toBe(true)
    expect(sameState("new delhi", "Delhi")).toBe(true)
    expect(sameState("Odisha", "Orissa")).toBe(true)
  })

  it("tells Telangana from Andhra Pradesh, and Ladakh from Jammu and Kashmir", () => {
    expect(sameState("Telangana", "Andhra Pradesh")).toBe(false)
    expect(sameState("Ladakh", "Jammu & Kashmir")).toBe(false)
    expect(sameState("Maharashtra", "Karnataka")).toBe(false)
  })

  it("compares unknown names as trimmed text, ignoring case", () => {
    expect(sameState(" Atlantis", "atlantis ")).toBe(true)
    expect(sameState("Atlantis", "Lemuria")).toBe(false)
    expect(sameState("Atlantis", "Maharashtra")).toBe(false)
  })
})
