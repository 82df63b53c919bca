import { z } from "zod"
import { isValidHandle, normalizeHandle, PROFILE_HANDLE_INVALID } from "./handle.js"

export const USER_ROLES = ["customer", "admin"] as const
export type UserRole = (typeof USER_ROLES)[number]

/** A signed-in person as the BFF sends them: the only fields of a user that leave it. */
export const userSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  handle: z.string(),
  avatarUrl: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
})
export type User = z.infer<typeof userSchema>

/** What sign-in, e-mail verification and token refresh answer with. */
export const authSessionSchema = z.strictObject({ accessToken: z.string(), user: userSchema })
export type AuthSession = z.infer<typeof authSessionSchema>

/** GET /api/auth/me, GET and PUT /api/users/me, PUT /api/fitfeed/profile/me. */
export const userAnswerSchema = z.strictObject({ user: userSchema })
export type UserAnswer = z.infer<typeof userAnswerSchema>

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase()
}

export const emailSchema = z
  .string({ message: "Email is required" })
  .max(254)
  .transform(normalizeEmail)
  .pipe(z.email({ message: "Enter a valid email address" }))

export const nameSchema = z.string({ message: "Name is required" }).trim().min(1, { message: "Name is required" }).max(80)

/** GET /api/fitfeed/handle/check?handle=… */
export const handleCheckQuery = z.object({ handle: z.string().max(100).default("") })
export type HandleCheckQuery = z.input<typeof handleCheckQuery>
export const handleCheckAnswerSchema = z.strictObject({ available: z.boolean() })
export type HandleCheckAnswer = z.infer<typeof handleCheckAnswerSchema>

/** PUT /api/users/me: any of the fields; null clears the avatar or the phone. */
export const updateMeBody = z
  .object({
    name: nameSchema.optional(),
    email: emailSchema.optional(),
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
export type UpdateMeBody = z.input<typeof updateMeBody>

/** GET and PUT /api/users/me/marketing: whether the person takes marketing messages (withdrawn as easily as given). */
export const marketingChoiceSchema = z.strictObject({ marketingOptIn: z.boolean({ message: "marketingOptIn must be true or false" }) })
export type MarketingChoice = z.infer<typeof marketingChoiceSchema>

/** PUT /api/fitfeed/profile/me: the name and handle the FITFEED profile shows. */
export const updateProfileBody = z
  .object({
    name: nameSchema.optional(),
    handle: z.string().transform(normalizeHandle).refine(isValidHandle, { message: PROFILE_HANDLE_INVALID }).optional(),
  })
  .strict()
export type UpdateProfileBody = z.input<typeof updateProfileBody>
