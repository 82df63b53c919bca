import { EDITOR_MESSAGES, fixStepMessage } from "@fitshop/contracts"
import { describe, expect, it } from "vitest"
import { EMPTY_FORM, type EditorForm } from "./form-state"
import { canOpenStep, editorProblems, stepMessages, toProductInput } from "./validation"

const image = { key: "a", kind: "image" as const, url: "/media/a.jpg", altText: "", isPrimary: true, uploading: false, progress: 1 }

/** A men's hoodie that passes every step. */
const complete: EditorForm = {
  ...EMPTY_FORM,
  title: "Boxy hoodie",
  price: "1299",
  categoryType: "UPPERS",
  subcategory: "Hoodies",
  sizes: [{ size: "M", stock: "12", measurements: { chest: 40 } }],
  media: [image],
  countryOfOrigin: "India",
  manufacturer: "Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604",
}

describe("editor step rules", () => {
  it("passes a complete product on every step", () => {
    expect(editorProblems(complete)).toEqual([])
  })

  it("asks a blank product for its name, price, category, sizes, media and declarations, each on its step", () => {
    const problems = editorProblems(EMPTY_FORM)
    expect(stepMessages(problems, 0)).toEqual([EDITOR_MESSAGES.titleRequired, EDITOR_MESSAGES.price, EDITOR_MESSAGES.categoryType])
    expect(stepMessages(problems, 1)).toEqual([EDITOR_MESSAGES.sizes])
    expect(stepMessages(problems, 2)).toEqual([EDITOR_MESSAGES.media])
    expect(stepMessages(problems, 3)).toEqual([EDITOR_MESSAGES.countryOfOrigin, EDITOR_MESSAGES.manufacturer])
  })

  it("asks a product going LIVE for its country of origin and manufacturer on Tax & Weight; blanks count as missing, a draft may leave them", () => {
    expect(stepMessages(editorProblems({ ...complete, countryOfOrigin: "  " }), 3)).toEqual([EDITOR_MESSAGES.countryOfOrigin])
    expect(stepMessages(editorProblems({ ...complete, manufacturer: "" }), 3)).toEqual([EDITOR_MESSAGES.manufacturer])
    expect(editorProblems({ ...complete, countryOfOrigin: "", manufacturer: "" }, { draft: true })).toEqual([])
  })

  it("refuses a price of zero or one that is not a number", () => {
    expect(stepMessages(editorProblems({ ...complete, price: "0" }), 0)).toEqual([EDITOR_MESSAGES.price])
    expect(stepMessages(editorProblems({ ...complete, price: "12a" }), 0)).toEqual([EDITOR_MESSAGES.price])
  })

  it("asks a man's product for its subcategory and a woman's for its style group", () => {
    expect(stepMessages(editorProblems({ ...complete, subcategory: "" }), 0)).toEqual([EDITOR_MESSAGES.subcategory])
    const women = { ...complete, gender: "WOMEN" as const, categoryType: "" as const, subcategory: "" }
    expect(stepMessages(editorProblems(women), 0)).toEqual([EDITOR_MESSAGES.styleGroup])
    expect(stepMessages(editorProblems({ ...women, gender: "" }), 0)).toEqual([EDITOR_MESSAGES.gender])
  })

  it("refuses stock that is not a whole number", () => {
    const sizes = [{ size: "M", stock: "2.5", measurements: {} }]
    expect(stepMessages(editorProblems({ ...complete, sizes }), 1)).toEqual([EDITOR_MESSAGES.stock])
  })

  it("checks GST only when filled, and a negative weight", () => {
    expect(stepMessages(editorProblems({ ...complete, gstPercent: "" }), 3)).toEqual([])
    expect(stepMessages(editorProblems({ ...complete, gstPercent: "29" }), 3)).toEqual([EDITOR_MESSAGES.gst])
    expect(stepMessages(editorProblems({ ...complete, gstPercent: "12" }), 3)).toEqual([EDITOR_MESSAGES.gst])
    for (const legal of ["0", "5", "18", "40"]) expect(stepMessages(editorProblems({ ...complete, gstPercent: legal }), 3)).toEqual([])
    expect(stepMessages(editorProblems({ ...complete, weightGrams: "-1" }), 3)).toEqual([EDITOR_MESSAGES.weight])
  })

  it("does not count media still uploading", () => {
    const media = [{ ...image, url: "blob:preview", uploading: true }]
    expect(stepMessages(editorProblems({ ...complete, media }), 2)).toEqual([EDITOR_MESSAGES.media])
  })

  it("lets a draft through with only its title", () => {
    expect(editorProblems({ ...EMPTY_FORM, title: "Idea" }, { draft: true })).toEqual([])
    expect(editorProblems(EMPTY_FORM, { draft: true }).map((problem) => problem.message)).toEqual([EDITOR_MESSAGES.titleRequired])
  })

  it("words the first publish failure as Fix “{step name}”: {message}", () => {
    const [first] = editorProblems({ ...complete, sizes: [] })
    expect(first && fixStepMessage(first)).toBe("Fix “Sizes & Inventory”: Select at least one size and provide inventory")
  })
})

describe("step bar", () => {
  it("opens earlier steps, and later ones only when every step before them is valid", () => {
    const problems = editorProblems({ ...complete, media: [] })
    expect(canOpenStep(problems, 2, 0)).toBe(true)
    expect(canOpenStep(problems, 0, 2)).toBe(true)
    expect(canOpenStep(problems, 0, 3)).toBe(false)
    expect(canOpenStep(editorProblems(complete), 0, 4)).toBe(true)
  })
})

describe("toProductInput", () => {
  it("sends rupees as entered, whole-number stock, measurements in inches and 1-based media positions", () => {
    expect(toProductInput(complete, "LIVE")).toMatchObject({
      title: "Boxy hoodie",
      price: 1299,
      sizes: [{ size: "M", stock: 12, measurements: { chest: 40, unit: "in" } }],
      images: [{ url: "/media/a.jpg", isPrimary: true, position: 1 }],
      videos: [],
      status: "LIVE",
    })
  })

  it("sends the declarations trimmed, and null when left blank", () => {
    expect(toProductInput({ ...complete, countryOfOrigin: " India " }, "LIVE")).toMatchObject({
      countryOfOrigin: "India",
      manufacturer: "Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604",
    })
    expect(toProductInput({ ...complete, countryOfOrigin: "", manufacturer: " " }, "DRAFT")).toMatchObject({ countryOfOrigin: null, manufacturer: null })
  })

  it("sends the Returnable box as returnable, ticked unless staff untick it", () => {
    expect(toProductInput(complete, "DRAFT").returnable).toBe(true)
    expect(toProductInput({ ...complete, returnable: false }, "DRAFT").returnable).toBe(false)
  })
})

describe("sizes without stock", () => {
  it("asks for inventory rather than numbers when a chosen size has no stock yet", () => {
    const sizes = [{ size: "M", stock: "", measurements: {} }]
    expect(stepMessages(editorProblems({ ...complete, sizes }), 1)).toEqual([EDITOR_MESSAGES.sizes])
  })
})
