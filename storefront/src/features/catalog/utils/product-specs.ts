import type { CollarStyle, Product, SeasonFit, SleeveType } from "@fitshop/contracts"

export const COLLAR_LABELS: Record<CollarStyle, string> = {
  NO_COLLAR: "No collar",
  WITH_COLLAR: "With collar",
}

export const SLEEVE_LABELS: Record<SleeveType, string> = {
  HALF: "Half sleeve",
  FULL: "Full sleeve",
}

export const SEASON_LABELS: Record<SeasonFit, string> = {
  NEUTRAL: "All season",
  SUMMER: "Summer",
  WINTER: "Winter",
}

export type ProductSpec = {
  label: string
  value: string
}

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== ""

/** The specification rows a product has values for, in display order. */
export function getProductSpecs(product: Product): ProductSpec[] {
  const rows: [string, string | null][] = [
    ["Fabric", product.fabric],
    ["Collar", product.collarStyle ? COLLAR_LABELS[product.collarStyle] : null],
    ["Sleeve", product.sleeveType ? SLEEVE_LABELS[product.sleeveType] : null],
    ["Season", product.seasonFit ? SEASON_LABELS[product.seasonFit] : null],
    ["Genre", product.genre],
    ["Wash instructions", product.washInstructions],
    ["Weight", product.weightGrams !== null && product.weightGrams > 0 ? `${String(product.weightGrams)} g` : null],
    ["Country of origin", product.countryOfOrigin],
    ["Manufacturer / packer / importer", product.manufacturer],
  ]
  return rows.flatMap(([label, value]) => (present(value) ? [{ label, value: value.trim() }] : []))
}
