import type { HttpTypes } from "@medusajs/types"
import { describe, expect, it } from "vitest"
import { rupeesToPaise } from "../../lib/money.js"
import { presentProduct } from "./presenter.js"

function variant(size: string, stock: number, amount = 1299): HttpTypes.StoreProductVariant {
  return {
    id: `variant_${size}`,
    title: size,
    sku: `TEE-${size}`,
    manage_inventory: true,
    allow_backorder: false,
    inventory_quantity: stock,
    options: [{ id: `o_${size}`, value: size, option: { id: "opt", title: "Size" } }],
    calculated_price: { calculated_amount: amount },
    metadata: { measurements: { chest: 40, frontLength: 27, shoulder: 17, sleeve: 8, unit: "in" } },
  } as unknown as HttpTypes.StoreProductVariant
}

const product = {
  id: "prod_1",
  handle: "tee",
  title: "Tee",
  description: "A tee",
  thumbnail: "/media/products/tee-back.webp",
  weight: 220,
  material: "Cotton",
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-02T00:00:00.000Z",
  images: [
    { id: "img_1", url: "/media/products/tee-front.webp", rank: 0 },
    { id: "img_2", url: "/media/products/tee-back.webp", rank: 1 },
  ],
  variants: [variant("XL", 0), variant("S", 3), variant("M", 5)],
  metadata: { gender: "MEN", categoryType: "UPPERS", subcategory: "Regular", colorHex: "#111111", colorName: "Black", mrp: 1999, fabric: "Cotton" },
} as unknown as HttpTypes.StoreProduct

describe("presentProduct", () => {
  it("converts rupees to paise once", () => {
    expect(rupeesToPaise(1299)).toBe(129900)
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30)
    expect(presentProduct(product).basePrice).toBe(129900)
    expect(presentProduct(product).mrp).toBe(199900)
  })

  it("orders sizes XS→XXXL and lists only sizes in stock as available", () => {
    const result = presentProduct(product)
    expect(result.sizes).toEqual(["S", "M", "XL"])
    expect(result.availableSizes).toEqual(["S", "M"])
    expect(result.variants[2]).toMatchObject({ size: "XL", stockOnHand: 0, inStock: false })
  })

  it("marks the thumbnail as the one primary image", () => {
    const result = presentProduct(product)
    expect(result.images.map((image) => [image.url, image.isPrimary, image.position])).toEqual([
      ["/media/products/tee-front.webp", false, 1],
      ["/media/products/tee-back.webp", true, 2],
    ])
    expect(result.imageUrl).toBe("/media/products/tee-back.webp")
  })

  it("drops an MRP that is not above the price and ignores malformed metadata", () => {
    const cheap = { ...product, metadata: { mrp: 1000, gender: "ROBOTS", colorHex: "red", sleeveType: 7 } } as unknown as HttpTypes.StoreProduct
    const result = presentProduct(cheap)
    expect(result.mrp).toBeNull()
    expect(result.gender).toBe("MEN")
    expect(result.colorHex).toBeNull()
    expect(result.sleeveType).toBeNull()
  })

  it("reads a product as returnable unless its metadata says returnable: false", () => {
    const withMetadata = (metadata: Record<string, unknown>) => presentProduct({ ...product, metadata } as unknown as HttpTypes.StoreProduct)
    expect(presentProduct(product).returnable).toBe(true)
    expect(withMetadata({ ...product.metadata, returnable: false }).returnable).toBe(false)
    expect(withMetadata({ ...product.metadata, returnable: "false" }).returnable).toBe(true)
    expect(withMetadata({ ...product.metadata, returnable: null }).returnable).toBe(true)
  })

  it("reads the declarations from metadata, and a product without them (or with unreadable ones) as undeclared", () => {
    const withMetadata = (metadata: Record<string, unknown>) => presentProduct({ ...product, metadata } as unknown as HttpTypes.StoreProduct)
    const declared = withMetadata({ ...product.metadata, countryOfOrigin: " India ", manufacturer: "Loom Works Pvt Ltd, Tiruppur 641604" })
    expect(declared).toMatchObject({ countryOfOrigin: "India", manufacturer: "Loom Works Pvt Ltd, Tiruppur 641604" })
    expect(presentProduct(product)).toMatchObject({ countryOfOrigin: null, manufacturer: null })
    expect(withMetadata({ ...product.metadata, countryOfOrigin: 91, manufacturer: "  " })).toMatchObject({ countryOfOrigin: null, manufacturer: null })
  })

  it("reads a scheduled drop from metadata, and none, or an unreadable one, as no drop", () => {
    const withMetadata = (metadata: Record<string, unknown>) => presentProduct({ ...product, metadata } as unknown as HttpTypes.StoreProduct)
    const drop = { startsAt: "2026-12-24T20:00:00+05:30", limitPerShopper: 2 }
    expect(withMetadata({ ...product.metadata, drop }).drop).toEqual(drop)
    expect(withMetadata({ ...product.metadata, drop: { startsAt: drop.startsAt } }).drop).toEqual({ startsAt: drop.startsAt, limitPerShopper: 1 })
    expect(presentProduct(product).drop).toBeNull()
    for (const garbled of ["2026-12-24", { startsAt: "2026-12-24T20:00:00" }, { ...drop, limitPerShopper: 0 }, { ...drop, extra: true }]) {
      expect(withMetadata({ ...product.metadata, drop: garbled }).drop).toBeNull()
    }
  })
})
