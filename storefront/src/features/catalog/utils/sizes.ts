import { type Product, SIZES } from "@fitshop/contracts"

const standardOrder = new Map<string, number>(SIZES.map((size, index) => [size, index]))

/** Trimmed, upper-cased and de-duplicated; when any standard size is present only standard sizes stay, in order. */
export function normalizeSizes(sizes: readonly string[]): string[] {
  const unique = [...new Set(sizes.map((size) => size.trim().toUpperCase()).filter((size) => size !== ""))]
  const standard = unique.filter((size) => standardOrder.has(size))
  if (standard.length === 0) return unique
  return standard.sort((a, b) => (standardOrder.get(a) ?? 0) - (standardOrder.get(b) ?? 0))
}

export type SizeOption = {
  size: string
  available: boolean
}

/** Sizes offered by the product's variants, each marked available when listed in availableSizes. */
export function getSizeOptions(product: Pick<Product, "variants" | "availableSizes">): SizeOption[] {
  const available = new Set(normalizeSizes(product.availableSizes))
  return normalizeSizes(product.variants.map((variant) => variant.size)).map((size) => ({
    size,
    available: available.has(size),
  }))
}
