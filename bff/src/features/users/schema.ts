import { z } from "zod"
import { isValidHandle, normalizeHandle } from "../auth/rules.js"
import { email, name } from "../auth/schema.js"

export const PROFILE_HANDLE_INVALID = "Enter a valid handle."
export const PROFILE_HANDLE_TAKEN = "This handle is not available."

export const handleCheckQuery = z.object({ handle: z.string().max(100).default("") })

export const updateMeBody = z
  .object({
    name: name.optional(),
    email: email.optional(),
    avatarUrl: z
      .string()
      .regex(/^\/media\/avatars\/[a-z0-9-]+\.webp$/, { message: "must be an avatar uploaded to this shop" })
      .nullable()
      .optional(),
    phone: z
      .string()
      .trim()
      .transform((value) => value.replace(/[\s-]/g, "").replace(/^\+91/, ""))
      .pipe(z.string().regex(/^[6-9]\d{9}$/, { message: "Enter a 10-digit Indian mobile number" }))
      .nullable()
      .optional(),
  })
  .strict()

export const updateProfileBody = z
  .object({
    name: name.optional(),
    handle: z.string().transform(normalizeHandle).refine(isValidHandle, { message: PROFILE_HANDLE_INVALID }).optional(),
  })
  .strict()
