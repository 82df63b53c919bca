import { describe, expect, it } from "vitest"
import { searchFirstRead, searchMeta, searchPath } from "./search-address.js"
import { searchQuerySchema } from "./search.js"

describe("the search page's address", () => {
  it("reads the query and the filters search takes, dropping the rest, and names the address it is kept under", () => {
    const read = searchFirstRead(new URLSearchParams("q=+kala+hoodie+&gender=MEN&colorName=Black&size=XL&sort=price_asc&cursor=24&utm_source=x"))
    expect(read).toEqual({
      address: "/search?colorName=Black&gender=MEN&q=kala+hoodie&size=XL&sort=price_asc",
      params: { q: "kala hoodie", gender: "MEN", colorName: "Black", size: "XL", sort: "price_asc" },
    })
    expect(searchFirstRead(new URLSearchParams("q=tee&gender=KIDS&sort=relevance&size=XXXXL"))?.params).toEqual({ q: "tee" })
    expect(searchFirstRead(new URLSearchParams("q=tee&categoryType=UPPERS&subcategory=Jeans"))?.params).toEqual({ q: "tee", categoryType: "UPPERS" })
    for (const search of ["", "q=", "q=a", `q=${"x".repeat(201)}`]) expect(searchFirstRead(new URLSearchParams(search))).toBeNull()
  })

  it("is indexed under its words when it found something, and kept out of the index when it didn't", () => {
    expect(searchMeta("black jeans", 3)).toEqual({
      title: "Search results for “black jeans” | Build Your Fit",
      description: "3 products for “black jeans”: streetwear for men and women, delivered across India.",
      canonicalPath: "/search?q=black+jeans",
      noindex: false,
    })
    expect(searchMeta("zzz", 0)).toMatchObject({ canonicalPath: null, noindex: true })
    expect(searchPath("kala hoodie", { gender: "MEN", colorName: undefined })).toBe("/search?q=kala+hoodie&gender=MEN")
  })

  it("names only reads the API accepts", () => {
    const read = searchFirstRead(new URLSearchParams("q=  tee &gender=WOMEN&categoryType=LOWERS&subcategory=Jeans&priceRange=500-1000&sort=newest&size=S"))!
    expect(searchQuerySchema.safeParse(read.params).success).toBe(true)
  })

  it("refuses a subcategory of another type, as the listing does", () => {
    expect(searchQuerySchema.safeParse({ q: "tee", categoryType: "UPPERS", subcategory: "Jeans" }).success).toBe(false)
    expect(searchQuerySchema.parse({ q: "tee", cursor: "48" })).toMatchObject({ cursor: 48, sort: "relevance", limit: 24 })
  })
})
