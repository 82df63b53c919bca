/**
 * The shape of the catalogue in Medusa that the seed and the console's product workflows both follow: the
 * sizes, and where a product sits in the category tree. (commerce/ is its own npm project, so it keeps a
 * copy of the sizes; the BFF's contracts hold the same list.)
 */
export const SIZES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"] as const
export type Size = (typeof SIZES)[number]

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/(^-|-$)/g, "")
}

export type CategoryNode = { handle: string; name: string }

type Placed = { gender: "MEN" | "WOMEN"; categoryType: "UPPERS" | "LOWERS"; subcategory: string; styleGroup?: "WESTERN" | "TRADITIONS" | null | undefined }

/** Category path from the root: [MEN, MEN UPPERS, Hoodies] for men, [WOMEN, WESTERN] for women. */
export function categoryPath(product: Placed): CategoryNode[] {
  const gender = { handle: product.gender.toLowerCase(), name: product.gender }
  if (product.gender === "WOMEN") {
    const style = product.styleGroup ?? "WESTERN"
    return [gender, { handle: `women-${style.toLowerCase()}`, name: style }]
  }
  const type = { handle: `men-${product.categoryType.toLowerCase()}`, name: product.categoryType }
  return [gender, type, { handle: `${type.handle}-${slugify(product.subcategory)}`, name: product.subcategory }]
}
