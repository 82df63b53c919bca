/** Centimetres per inch (spec section 9). */
export const CM_PER_INCH = 2.54

export type LengthUnit = "in" | "cm"

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals

/** Measurements are stored in inches; the cm view shows them multiplied by 2.54, to 2 decimals. */
export function shownLength(inches: number, unit: LengthUnit): number {
  return unit === "cm" ? round(inches * CM_PER_INCH, 2) : inches
}

/** What a typed length is stored as: inches, a cm entry divided back (kept to 4 decimals so it shows back as typed). */
export function storedInches(typed: number, unit: LengthUnit): number {
  return unit === "cm" ? round(typed / CM_PER_INCH, 4) : typed
}
