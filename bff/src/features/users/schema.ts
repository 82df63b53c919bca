import { z } from "zod"
import { isValidHandle, normalizeEmail, normalizeHandle } from "./rules.js"

export const email = z
  .string({ message: "Email is required" })
  .max(254)
  .transform(normalizeEmail)
  .pipe(z.email({ message: "Enter a valid email address" }))

export const name = z.string({ message: "Name is required" }).trim().min(1, { message: "Name is required" }).max(80)

export const PROFILE_HANDLE_INVALID = "Enter a valid handle."
export const PROFILE_HANDLE_TAKEN = "This handle is not available."

export const AVATAR_NOT_OURS = "Choose an avatar uploaded to this shop: links to images elsewhere are not accepted."

/** An avatar the avatar route made; any other avatarUrl must be one of the user's own uploads. */
export const isAvatarPath = (url: string) => /^\/media\/avatars\/[a-z0-9-]+\.webp$/.test(url)

export const handleCheckQuery = z.object({ handle: z.string().max(100).default("") })

export const updateMeBody = z
  .object({
    name: name.optional(),
    email: email.optional(),
    avatarUrl: z.string().max(300).nullable().optional(),
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
