import { describe, expect, it } from "vitest"
import { SEARCH_PAGE_PATH, SEARCH_SUGGEST_PATH, searchPath } from "@fitshop/contracts"
import { SEARCH_PAGE, SUGGEST_API, searchAddress } from "./search-paths"

describe("the first page's search addresses", () => {
  it("are contracts' own", () => {
    expect(SEARCH_PAGE).toBe(SEARCH_PAGE_PATH)
    expect(SUGGEST_API).toBe(SEARCH_SUGGEST_PATH)
    for (const q of ["black jeans", "kala hoodie", "₹500 & up", "50% off?", "काला"]) expect(searchAddress(q)).toBe(searchPath(q))
  })
})
