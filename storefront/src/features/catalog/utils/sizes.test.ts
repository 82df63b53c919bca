import { describe, expect, it } from "vitest"
import { normalizeSizes } from "./sizes"

describe("normalizeSizes", () => {
  it("trims, upper-cases, de-duplicates and orders standard sizes", () => {
    expect(normalizeSizes([" xl", "S", "s", "XS", "M "])).toEqual(["XS", "S", "M", "XL"])
  })

  it("keeps only standard sizes when any is present", () => {
    expect(normalizeSizes(["FREE", "M", "32"])).toEqual(["M"])
  })

  it("keeps other sizes as given when none is standard", () => {
    expect(normalizeSizes(["32", "30", "32"])).toEqual(["32", "30"])
  })
})
