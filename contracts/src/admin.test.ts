import { describe, expect, it } from "vitest"
import { adminProductInput, EDITOR_MESSAGES, fixStepMessage, publishProblems } from "./admin.js"

const complete = {
  title: "Boxy Tee",
  price: 799,
  gender: "MEN",
  categoryType: "UPPERS",
  subcategory: "Oversized",
  sizes: [{ size: "M", stock: 4 }],
  images: [{ url: "/media/products/a.webp", isPrimary: true }],
}

const messages = (input: unknown) => adminProductInput.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? []

describe("adminProductInput", () => {
  it("keeps a draft with only its title", () => {
    expect(adminProductInput.parse({ title: "  Draft  " })).toMatchObject({ title: "Draft", status: "DRAFT", price: null, sizes: [], images: [] })
  })

  it("refuses what the editor refuses, naming the field", () => {
    expect(messages({ title: "" })).toEqual([`title: ${EDITOR_MESSAGES.titleRequired}`])
    expect(messages({ title: "x".repeat(201) })).toEqual([`title: ${EDITOR_MESSAGES.titleTooLong}`])
    expect(messages({ title: "T", price: 0 })).toEqual([`price: ${EDITOR_MESSAGES.price}`])
    expect(messages({ title: "T", gstPercent: 29 })).toEqual([`gstPercent: ${EDITOR_MESSAGES.gst}`])
    expect(messages({ title: "T", weightGrams: -1 })).toEqual([`weightGrams: ${EDITOR_MESSAGES.weight}`])
    expect(messages({ title: "T", sizes: [{ size: "M", stock: 1.5 }] })).toEqual([`sizes.0.stock: ${EDITOR_MESSAGES.stock}`])
    expect(messages({ title: "T", gender: "MEN", categoryType: "LOWERS", subcategory: "Hoodies" })[0]).toMatch(/^subcategory: must be one of Jeans/)
  })

  it("needs every step complete to go LIVE, and says which first", () => {
    expect(messages({ ...complete, status: "LIVE" })).toEqual([])
    expect(messages({ ...complete, images: [], status: "LIVE" })).toEqual([`images: ${EDITOR_MESSAGES.media}`])
    expect(messages({ ...complete, sizes: [], status: "LIVE" })).toEqual([`sizes: ${EDITOR_MESSAGES.sizes}`])
    const [first] = publishProblems({ ...adminProductInput.parse({ title: "T" }) })
    expect(fixStepMessage(first!)).toBe(`Fix “Basics”: ${EDITOR_MESSAGES.price}`)
  })

  it("applies the gender rules on save", () => {
    expect(adminProductInput.parse({ title: "T", gender: "WOMEN", styleGroup: "WESTERN" })).toMatchObject({ categoryType: "UPPERS", subcategory: "Regular" })
    expect(adminProductInput.parse({ title: "T", gender: "MEN", styleGroup: "WESTERN" })).toMatchObject({ styleGroup: null })
  })
})
