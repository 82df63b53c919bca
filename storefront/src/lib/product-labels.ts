/** How the API's category values read on screen. */
export const CATEGORY_LABELS: Record<string, string> = {
  MEN: "Men",
  WOMEN: "Women",
  UPPERS: "Uppers",
  LOWERS: "Lowers",
  WESTERN: "Western",
  TRADITIONS: "Traditions",
}

/** A category value as shown, e.g. 'Western' for WESTERN; subcategories read as they are. */
export const categoryLabel = (value: string): string => CATEGORY_LABELS[value] ?? value
