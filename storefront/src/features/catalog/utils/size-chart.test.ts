import { describe, expect, it } from "vitest"
import { buildVariant } from "@/testing/product-factory"
import { formatLength, getSizeChart } from "./size-chart"

describe("formatLength", () => {
  it("multiplies inches by 2.54 and shows two decimals in centimetres", () => {
    expect(formatLength(40, "cm")).toBe("101.60")
    expect(formatLength(27.5, "cm")).toBe("69.85")
    expect(formatLength(18.25, "cm")).toBe("46.36")
  })

  it("shows inches as they are stored", () => {
    expect(formatLength(40, "in")).toBe("40")
    expect(formatLength(27.5, "in")).toBe("27.5")
  })
})

describe("getSizeChart", () => {
  it("lists sizes in size order with only the columns the variants carry", () => {
    const chart = getSizeChart([
      buildVariant("L", { measurements: { chest: 42, frontLength: 28, unit: "in" } }),
      buildVariant("s", { measurements: { chest: 38, frontLength: 27, unit: "in" } }),
      buildVariant("M", { measurements: null }),
    ])

    expect(chart?.columns.map((column) => column.label)).toEqual(["Chest", "Front length"])
    expect(chart?.rows).toEqual([
      { size: "S", inches: { chest: 38, frontLength: 27 } },
      { size: "L", inches: { chest: 42, frontLength: 28 } },
    ])
  })

  it("uses the lowers columns for lowers", () => {
    const chart = getSizeChart([buildVariant("M", { measurements: { waist: 32, hip: 40, frontLength: 41, inseam: 30, unit: "in" } })])

    expect(chart?.columns.map((column) => column.label)).toEqual(["Waist", "Hip", "Front length", "Inseam"])
  })

  it("is null when no variant has measurements", () => {
    expect(getSizeChart([buildVariant("M"), buildVariant("L")])).toBeNull()
    expect(getSizeChart([])).toBeNull()
  })
})
