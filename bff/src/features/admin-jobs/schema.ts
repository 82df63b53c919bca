import { z } from "zod"

/** A job's id: bff.jobs' bigserial, as digits. */
export const jobIdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, "must be a job id (digits)") })
