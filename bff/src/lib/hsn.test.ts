import { describe, expect, it } from "vitest"
import { FALLBACK_HSN, hsnFor } from "./hsn.js"

const man = (categoryType: "UPPERS" | "LOWERS" | null, subcategory: string | null) => ({ gender: "MEN" as const, categoryType, subcategory, styleGroup: null })
const woman = (styleGroup: "WESTERN" | "TRADITIONS" | null, categoryType: "UPPERS" | "LOWERS" | null, subcategory: string | null) => ({
  gender: "WOMEN" as const,
  categoryType,
  subcategory,
  styleGroup,
})

describe("hsnFor", () => {
  it("codes men's uppers by subcategory: tees 6109, hoodies 6110, polos 6105", () => {
    expect(hsnFor(man("UPPERS", "Oversized"))).toBe("6109")
    expect(hsnFor(man("UPPERS", "Regular"))).toBe("6109")
    expect(hsnFor(man("UPPERS", "Hoodies"))).toBe("6110")
    expect(hsnFor(man("UPPERS", "Polo"))).toBe("6105")
  })

  it("codes every men's lower as trousers (6203)", () => {
    for (const subcategory of ["Jeans", "Loose fit", "Slim fit", "Cargo pants", "Straight fit", null]) {
      expect(hsnFor(man("LOWERS", subcategory))).toBe("6203")
    }
  })

  it("codes women's western wear like men's but with women's headings, and traditional wear 6204", () => {
    expect(hsnFor(woman("WESTERN", "UPPERS", "Regular"))).toBe("6109")
    expect(hsnFor(woman("WESTERN", "UPPERS", "Hoodies"))).toBe("6110")
    expect(hsnFor(woman("WESTERN", "UPPERS", "Polo"))).toBe("6106")
    expect(hsnFor(woman("WESTERN", "LOWERS", "Jeans"))).toBe("6204")
    expect(hsnFor(woman("TRADITIONS", "UPPERS", "Regular"))).toBe("6204")
    expect(hsnFor(woman("TRADITIONS", null, null))).toBe("6204")
  })

  it("falls back to 6109 for an upper it can't place, whatever the spelling of a known one", () => {
    expect(hsnFor(man("UPPERS", "Tank tops"))).toBe(FALLBACK_HSN)
    expect(hsnFor(man(null, null))).toBe("6109")
    expect(hsnFor(man("UPPERS", " hoodies "))).toBe("6110")
  })
})
