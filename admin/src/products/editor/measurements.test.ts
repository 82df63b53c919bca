import { describe, expect, it } from "vitest"
import { shownLength, storedInches } from "./measurements"

describe("cm/inch view", () => {
  it("shows inches as they are stored", () => {
    expect(shownLength(40, "in")).toBe(40)
    expect(storedInches(40, "in")).toBe(40)
  })

  it("shows cm as inches × 2.54 to two decimals", () => {
    expect(shownLength(40, "cm")).toBe(101.6)
    expect(shownLength(1.3333, "cm")).toBe(3.39)
  })

  it("stores a cm entry divided back by 2.54, and shows it back as typed", () => {
    expect(storedInches(101.6, "cm")).toBe(40)
    expect(storedInches(10, "cm")).toBe(3.937)
    expect(shownLength(storedInches(10, "cm"), "cm")).toBe(10)
    expect(shownLength(storedInches(73.25, "cm"), "cm")).toBe(73.25)
  })
})
