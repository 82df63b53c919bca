import type { Measurements, ProductVariant } from "@fitshop/contracts"
import { normalizeSizes } from "./sizes"

export type MeasurementKey = Exclude<keyof Measurements, "unit">

export type LengthUnit = "in" | "cm"

export const CM_PER_INCH = 2.54

/** Column order: uppers' chest, front length, shoulder, sleeve; lowers' waist, hip, (front length), inseam. */
const MEASUREMENT_COLUMNS: readonly { key: MeasurementKey; label: string }[] = [
  { key: "chest", label: "Chest" },
  { key: "waist", label: "Waist" },
  { key: "hip", label: "Hip" },
  { key: "frontLength", label: "Front length" },
  { key: "shoulder", label: "Shoulder" },
  { key: "sleeve", label: "Sleeve" },
  { key: "inseam", label: "Inseam" },
]

export type SizeChart = {
  columns: { key: MeasurementKey; label: string }[]
  rows: { size: string; inches: Partial<Record<MeasurementKey, number>> }[]
}

/** A length stored in inches, shown in `unit`: inches as stored, centimetres as inches × 2.54 to two decimals. */
export function formatLength(inches: number, unit: LengthUnit): string {
  if (unit === "cm") return (inches * CM_PER_INCH).toFixed(2)
  return String(Number(inches.toFixed(2)))
}

const sizeKey = (size: string) => size.trim().toUpperCase()

/**
 * The measurements per size from the variants, sizes in the size picker's order and only the columns
 * some size has; null when no variant carries measurements.
 */
export function getSizeChart(variants: readonly ProductVariant[]): SizeChart | null {
  const bySize = new Map<string, Measurements>()
  for (const variant of variants) {
    const key = sizeKey(variant.size)
    if (variant.measurements && !bySize.has(key)) bySize.set(key, variant.measurements)
  }
  const rows = normalizeSizes([...bySize.keys()]).flatMap((size) => {
    const measurements = bySize.get(size)
    if (!measurements) return []
    const inches: Partial<Record<MeasurementKey, number>> = {}
    for (const { key } of MEASUREMENT_COLUMNS) {
      const value = measurements[key]
      if (typeof value === "number" && Number.isFinite(value) && value > 0) inches[key] = value
    }
    return Object.keys(inches).length > 0 ? [{ size, inches }] : []
  })
  if (rows.length === 0) return null
  const columns = MEASUREMENT_COLUMNS.filter(({ key }) => rows.some((row) => row.inches[key] !== undefined))
  return { columns, rows }
}
