import { z } from "zod"

/** A variant's garment measurements in inches, as the BFF answers them (uppers: chest, front length, shoulder, sleeve; lowers: waist, hip, front length, inseam). */
export const measurementsSchema = z.object({
  chest: z.number().positive().optional(),
  frontLength: z.number().positive().optional(),
  shoulder: z.number().positive().optional(),
  sleeve: z.number().positive().optional(),
  waist: z.number().positive().optional(),
  hip: z.number().positive().optional(),
  inseam: z.number().positive().optional(),
  unit: z.literal("in").default("in"),
})

export type Measurements = z.output<typeof measurementsSchema>
