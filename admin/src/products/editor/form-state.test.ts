import { describe, expect, it } from "vitest"
import { EMPTY_FORM, editorReducer, type EditorForm, type MediaForm } from "./form-state"

const media = (key: string, kind: MediaForm["kind"] = "image"): MediaForm => ({
  key,
  kind,
  url: `/media/${key}.jpg`,
  altText: "",
  isPrimary: false,
  uploading: false,
  progress: 1,
})

const menUpper: EditorForm = { ...EMPTY_FORM, gender: "MEN", categoryType: "UPPERS", subcategory: "Hoodies" }

describe("editorReducer gender and category rules", () => {
  it("starts with the spec's defaults: gender MEN, season NEUTRAL, sleeve HALF, collar NO_COLLAR", () => {
    expect(EMPTY_FORM).toMatchObject({ gender: "MEN", seasonFit: "NEUTRAL", sleeveType: "HALF", collarStyle: "NO_COLLAR" })
  })

  it("clears the men's category type and subcategory when gender changes to WOMEN", () => {
    const form = editorReducer(menUpper, { type: "field", field: "gender", value: "WOMEN" })
    expect(form).toMatchObject({ gender: "WOMEN", categoryType: "", subcategory: "" })
  })

  it("clears the women's style group when gender changes to MEN", () => {
    const women = { ...EMPTY_FORM, gender: "WOMEN" as const, styleGroup: "TRADITIONS" as const }
    expect(editorReducer(women, { type: "field", field: "gender", value: "MEN" })).toMatchObject({ gender: "MEN", styleGroup: "" })
  })

  it("keeps the category fields when the same gender is chosen again", () => {
    expect(editorReducer(menUpper, { type: "field", field: "gender", value: "MEN" })).toBe(menUpper)
  })

  it("clears the subcategory when the category type changes", () => {
    expect(editorReducer(menUpper, { type: "field", field: "categoryType", value: "LOWERS" })).toMatchObject({ categoryType: "LOWERS", subcategory: "" })
  })

  it("ignores a choice outside its list", () => {
    expect(editorReducer(menUpper, { type: "field", field: "sleeveType", value: "NONE" })).toBe(menUpper)
  })
})

describe("editorReducer sizes", () => {
  const order = ["XS", "S", "M", "L"]

  it("keeps selected sizes in the offered order and drops one when toggled off", () => {
    let form = editorReducer(EMPTY_FORM, { type: "toggleSize", size: "L", order })
    form = editorReducer(form, { type: "toggleSize", size: "S", order })
    expect(form.sizes.map((row) => row.size)).toEqual(["S", "L"])
    form = editorReducer(form, { type: "toggleSize", size: "L", order })
    expect(form.sizes.map((row) => row.size)).toEqual(["S"])
  })

  it("applies one bulk stock number to every selected size", () => {
    let form = editorReducer(EMPTY_FORM, { type: "toggleSize", size: "S", order })
    form = editorReducer(form, { type: "toggleSize", size: "M", order })
    form = editorReducer(form, { type: "stock", size: "S", value: "3" })
    form = editorReducer(form, { type: "bulkStock", value: "25" })
    expect(form.sizes.map((row) => row.stock)).toEqual(["25", "25"])
  })

  it("stores and clears a measurement in inches", () => {
    let form = editorReducer(EMPTY_FORM, { type: "toggleSize", size: "M", order })
    form = editorReducer(form, { type: "measurement", size: "M", name: "chest", inches: 40 })
    expect(form.sizes[0]?.measurements).toEqual({ chest: 40 })
    form = editorReducer(form, { type: "measurement", size: "M", name: "chest", inches: null })
    expect(form.sizes[0]?.measurements).toEqual({})
  })
})

describe("editorReducer media", () => {
  it("makes the first media item primary", () => {
    const form = editorReducer(EMPTY_FORM, { type: "addMedia", items: [media("a"), media("b", "video")] })
    expect(form.media.map((item) => item.isPrimary)).toEqual([true, false])
    const more = editorReducer(form, { type: "addMedia", items: [media("c")] })
    expect(more.media.map((item) => item.isPrimary)).toEqual([true, false, false])
  })

  it("unsets the others when a primary is chosen, across images and videos", () => {
    let form = editorReducer(EMPTY_FORM, { type: "addMedia", items: [media("a"), media("b", "video"), media("c")] })
    form = editorReducer(form, { type: "primary", key: "b" })
    expect(form.media.map((item) => item.isPrimary)).toEqual([false, true, false])
  })

  it("hands primary to the first remaining item when the primary one is removed", () => {
    let form = editorReducer(EMPTY_FORM, { type: "addMedia", items: [media("a"), media("b")] })
    form = editorReducer(form, { type: "removeMedia", key: "a" })
    expect(form.media).toMatchObject([{ key: "b", isPrimary: true }])
  })

  it("replaces the preview with the uploaded url", () => {
    let form = editorReducer(EMPTY_FORM, { type: "addMedia", items: [{ ...media("a"), url: "blob:preview", uploading: true, progress: 0 }] })
    form = editorReducer(form, { type: "mediaUploaded", key: "a", url: "/media/a.jpg" })
    expect(form.media[0]).toMatchObject({ url: "/media/a.jpg", uploading: false, progress: 1 })
  })
})
