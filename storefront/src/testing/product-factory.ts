import type { Product, ProductVariant } from "@fitshop/contracts"

let sequence = 0

/** A unique, complete product as the BFF would send it; override only what a test cares about. */
export function buildProduct(overrides: Partial<Product> = {}): Product {
  sequence += 1
  const id = `prod_test_${String(sequence)}`
  return {
    id,
    handle: `test-product-${String(sequence)}`,
    title: `Test Product ${String(sequence)}`,
    sku: `SKU-${String(sequence)}`,
    description: "Heavyweight cotton, relaxed fit.",
    basePrice: 129900,
    listPrice: 129900,
    mrp: null,
    imageUrl: null,
    images: [{ url: `/media/products/${id}.jpg`, altText: null, isPrimary: true, position: 0 }],
    videos: [],
    gender: "MEN",
    categoryType: "UPPERS",
    subcategory: "Hoodies",
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
    gstPercent: 12,
    returnable: true,
    drop: null,
    countryOfOrigin: null,
    manufacturer: null,
    isActive: true,
    status: "LIVE",
    availableSizes: [],
    sizes: [],
    variants: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  }
}

export function buildVariant(size: string, overrides: Partial<ProductVariant> = {}): ProductVariant {
  sequence += 1
  return {
    id: `variant_test_${String(sequence)}`,
    size,
    sizeSystem: "IN",
    sku: null,
    stockOnHand: 5,
    inStock: true,
    measurements: null,
    ...overrides,
  }
}
