/** The standard apparel sizes, smallest first: the order every size list is shown in. */
export const SIZES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"] as const

export type Size = (typeof SIZES)[number]
