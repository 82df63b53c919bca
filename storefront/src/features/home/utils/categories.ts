import { paths } from "@/config/paths"
import type { CategoryType } from "@fitshop/contracts"

export type CategoryTab = {
  id: CategoryType
  label: string
  subcategories: readonly string[]
}

/** The home category picker (spec, Home page): tabs in display order, each with its tiles. */
export const CATEGORY_TABS: readonly CategoryTab[] = [
  { id: "UPPERS", label: "Uppers", subcategories: ["Hoodies", "Polo", "Oversized", "Regular"] },
  { id: "LOWERS", label: "Lowers", subcategories: ["Jeans", "Loose fit", "Cargo pants", "Slim fit", "Straight fit"] },
]

/** The tab the picker opens on: its tiles' covers are among the home page's first reads. */
export const OPENING_CATEGORY: CategoryType = "UPPERS"

/** The first row of tiles shows without scrolling on a phone: their images load first, never lazily. */
export const ABOVE_THE_FOLD_TILES = 2

/** The subcategories a tab shows as tiles, in order. */
export const tilesOf = (type: CategoryType): readonly string[] => CATEGORY_TABS.find((tab) => tab.id === type)?.subcategories ?? []

/** The men's shop for a category type, narrowed to one subcategory when given. */
export function categoryShopHref(type: CategoryType, subcategory?: string): string {
  const base = `${paths.shop}?g=MEN&type=${type}`
  return subcategory ? `${base}&sub=${encodeURIComponent(subcategory)}` : base
}
