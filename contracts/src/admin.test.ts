import { describe, expect, it } from "vitest"
import {
  adminOrderListSchema,
  adminProductAnswerSchema,
  adminProductInput,
  EDITOR_MESSAGES,
  fixStepMessage,
  publishProblems,
  reportedPostListSchema,
} from "./admin.js"

const complete = {
  title: "Boxy Tee",
  price: 799,
  gender: "MEN",
  categoryType: "UPPERS",
  subcategory: "Oversized",
  sizes: [{ size: "M", stock: 4 }],
  images: [{ url: "/media/products/a.webp", isPrimary: true }],
  countryOfOrigin: "India",
  manufacturer: "Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604",
}

const messages = (input: unknown) => adminProductInput.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? []

describe("adminProductInput", () => {
  it("keeps a draft with only its title", () => {
    expect(adminProductInput.parse({ title: "  Draft  " })).toMatchObject({ title: "Draft", status: "DRAFT", price: null, sizes: [], images: [] })
  })

  it("reads a product as returnable unless the body says it is not", () => {
    expect(adminProductInput.parse({ title: "T" }).returnable).toBe(true)
    expect(adminProductInput.parse({ title: "T", returnable: false }).returnable).toBe(false)
    expect(messages({ title: "T", returnable: "no" })).toHaveLength(1)
  })

  it("refuses what the editor refuses, naming the field", () => {
    expect(messages({ title: "" })).toEqual([`title: ${EDITOR_MESSAGES.titleRequired}`])
    expect(messages({ title: "x".repeat(201) })).toEqual([`title: ${EDITOR_MESSAGES.titleTooLong}`])
    expect(messages({ title: "T", price: 0 })).toEqual([`price: ${EDITOR_MESSAGES.price}`])
    expect(messages({ title: "T", gstPercent: 29 })).toEqual([`gstPercent: ${EDITOR_MESSAGES.gst}`])
    expect(messages({ title: "T", gstPercent: 12 })).toEqual([`gstPercent: ${EDITOR_MESSAGES.gst}`])
    for (const gstPercent of [null, 0, 5, 18, 40]) expect(adminProductInput.parse({ title: "T", gstPercent }).gstPercent).toBe(gstPercent)
    expect(messages({ title: "T", weightGrams: -1 })).toEqual([`weightGrams: ${EDITOR_MESSAGES.weight}`])
    expect(messages({ title: "T", sizes: [{ size: "M", stock: 1.5 }] })).toEqual([`sizes.0.stock: ${EDITOR_MESSAGES.stock}`])
    expect(messages({ title: "T", gender: "MEN", categoryType: "LOWERS", subcategory: "Hoodies" })[0]).toMatch(/^subcategory: must be one of Jeans/)
  })

  it("needs every step complete to go LIVE, and says which first", () => {
    expect(messages({ ...complete, status: "LIVE" })).toEqual([])
    expect(messages({ ...complete, images: [], status: "LIVE" })).toEqual([`images: ${EDITOR_MESSAGES.media}`])
    expect(messages({ ...complete, sizes: [], status: "LIVE" })).toEqual([`sizes: ${EDITOR_MESSAGES.sizes}`])
    expect(messages({ ...complete, countryOfOrigin: " ", manufacturer: null, status: "LIVE" })).toEqual([
      `countryOfOrigin: ${EDITOR_MESSAGES.countryOfOrigin}`,
      `manufacturer: ${EDITOR_MESSAGES.manufacturer}`,
    ])
    expect(messages({ ...complete, countryOfOrigin: null, manufacturer: null })).toEqual([])
    const [first] = publishProblems({ ...adminProductInput.parse({ title: "T" }) })
    expect(fixStepMessage(first!)).toBe(`Fix “Basics”: ${EDITOR_MESSAGES.price}`)
  })

  it("applies the gender rules on save", () => {
    expect(adminProductInput.parse({ title: "T", gender: "WOMEN", styleGroup: "WESTERN" })).toMatchObject({ categoryType: "UPPERS", subcategory: "Regular" })
    expect(adminProductInput.parse({ title: "T", gender: "MEN", styleGroup: "WESTERN" })).toMatchObject({ styleGroup: null })
  })
})

const product = {
  id: "prod_1",
  handle: "boxy-tee",
  title: "Boxy Tee",
  sku: null,
  description: "",
  basePrice: 79900,
  listPrice: 79900,
  mrp: null,
  imageUrl: "/media/products/a.webp",
  images: [{ url: "/media/products/a.webp", srcSet: "/media/products/a.webp?w=320 320w", altText: null, isPrimary: true, position: 1 }],
  videos: [],
  gender: "MEN",
  categoryType: "UPPERS",
  subcategory: "Oversized",
  styleGroup: null,
  genre: null,
  colorName: null,
  colorHex: null,
  fabric: null,
  collarStyle: null,
  sleeveType: null,
  seasonFit: null,
  washInstructions: null,
  weightGrams: null,
  gstPercent: null,
  returnable: true,
  drop: null,
  countryOfOrigin: "India",
  manufacturer: "Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604",
  isActive: true,
  status: "LIVE",
  availableSizes: ["M"],
  sizes: ["M"],
  variants: [{ id: "var_1", size: "M", sizeSystem: "IN", sku: null, stockOnHand: 4, inStock: true, measurements: { chest: 40, unit: "in" } }],
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  version: 3,
}

describe("the console's answers", () => {
  it("read a product with the version an update names, and refuse one without it or with a member the contract lacks", () => {
    expect(adminProductAnswerSchema.parse({ product }).product).toEqual(product)
    const { version: _version, ...unversioned } = product
    expect(adminProductAnswerSchema.safeParse({ product: unversioned }).success).toBe(false)
    expect(adminProductAnswerSchema.safeParse({ product: { ...product, stock: 4 } }).success).toBe(false)
  })

  it("read the orders list and the reported posts as the BFF writes them", () => {
    const order = { id: "order_1", displayId: 7, status: "PAID", total: 129900, paymentMethod: "cod", itemCount: 2, createdAt: "2026-11-20T10:00:00.000Z" }
    const customer = { id: "u1", name: "Asha", email: "asha@example.in" }
    expect(adminOrderListSchema.safeParse({ orders: [{ ...order, customer }], total: 1 }).success).toBe(true)
    expect(adminOrderListSchema.safeParse({ orders: [{ ...order, customer, status: "LOST" }], total: 1 }).success).toBe(false)
    const post = {
      id: "41",
      imageUrl: "/media/p/41.jpg",
      thumbnailUrl: "/media/p/41-480.jpg",
      text: null,
      author: { id: "u1", name: "Ravi K", handle: "ravi" },
      reports: { count: 3, reasons: ["spam"], lastAt: "2026-11-20T10:00:00.000Z" },
      hiddenAt: "2026-11-20T10:00:00.000Z",
      createdAt: "2026-11-19T10:00:00.000Z",
    }
    expect(reportedPostListSchema.parse({ posts: [post], total: 1 }).posts).toEqual([post])
  })
})
