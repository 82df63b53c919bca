import { describe, expect, it } from "vitest"
import { levelChanges, productUpdate, variantChanges, versionOf, type AdminProductWrite, type CurrentProduct } from "./admin-product-plan"

const sizeOption = (value: string) => [{ value, option: { title: "Size" } }]

const current: CurrentProduct = {
  id: "prod_1",
  handle: "night-hoodie-ab12cd",
  metadata: { gender: "MEN", version: 4 },
  variants: [
    { id: "variant_m", title: "M", options: sizeOption("M") },
    { id: "variant_l", title: "L", options: sizeOption("L") },
  ],
}

const write = (overrides: Partial<AdminProductWrite> = {}): AdminProductWrite => ({
  title: "Night Hoodie",
  description: "",
  status: "published",
  price: 1299,
  weight: 600,
  material: "Cotton",
  thumbnail: "/media/a.webp",
  images: [{ url: "/media/a.webp" }],
  metadata: { gender: "MEN" },
  category_ids: [],
  sizes: [
    { size: "L", stock: 2, measurements: null },
    { size: "XL", stock: 7, measurements: { chest: 44, unit: "in" } },
  ],
  ...overrides,
})

describe("an admin product's save plan", () => {
  it("keeps the sizes still wanted, makes variants for new ones and deletes the dropped ones", () => {
    const changes = variantChanges(current, write())
    expect(changes.delete).toEqual(["variant_m"])
    expect(changes.update).toEqual([{ id: "variant_l", metadata: { measurements: null }, prices: [{ amount: 1299, currency_code: "inr" }] }])
    expect(changes.create).toEqual([
      {
        product_id: "prod_1",
        title: "XL",
        sku: "NIGHT-HOODIE-AB12CD-XL",
        options: { Size: "XL" },
        manage_inventory: true,
        metadata: { measurements: { chest: 44, unit: "in" } },
        prices: [{ amount: 1299, currency_code: "inr" }],
      },
    ])
  })

  it("clears the prices of every size when a draft has no price", () => {
    expect(variantChanges(current, write({ price: null })).update[0]!.prices).toEqual([])
  })

  it("writes the product's fields at the next version", () => {
    expect(productUpdate(current, write())).toMatchObject({ id: "prod_1", status: "published", metadata: { gender: "MEN", version: 5 } })
    expect(versionOf(null)).toBe(1)
    expect(versionOf({ version: "7" })).toBe(1)
  })

  it("creates missing stock levels at the location and updates only the ones that differ", () => {
    const variants = [
      { id: "variant_l", options: sizeOption("L"), inventory: [{ id: "item_l", location_levels: [{ location_id: "sloc_1", stocked_quantity: 2 }] }] },
      { id: "variant_xl", options: sizeOption("XL"), inventory: [{ id: "item_xl", location_levels: [] }] },
      { id: "variant_s", options: sizeOption("S"), inventory: [{ id: "item_s", location_levels: [{ location_id: "sloc_1", stocked_quantity: 9 }] }] },
    ]
    expect(levelChanges(variants, write().sizes, "sloc_1")).toEqual({
      create: [{ inventory_item_id: "item_xl", location_id: "sloc_1", stocked_quantity: 7 }],
      update: [],
    })
    expect(levelChanges(variants, [{ size: "L", stock: 0, measurements: null }], "sloc_1").update).toEqual([
      { inventory_item_id: "item_l", location_id: "sloc_1", stocked_quantity: 0 },
    ])
  })
})
