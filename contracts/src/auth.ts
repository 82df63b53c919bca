import { z } from "zod"
import { HANDLE_INVALID, isValidHandle, normalizeHandle } from "./handle.js"
import { isValidPassword, PASSWORD_RULE } from "./password.js"
import { authSessionSchema, emailSchema, nameSchema } from "./users.js"

/** Sign-up, sign-in, e-mail verification and password reset (spec section 3: Auth): what the shop sends and is answered. */

const password = z.string({ message: "Password is required" }).refine(isValidPassword, { message: PASSWORD_RULE })

export const handleSchema = z.string({ message: "Handle is required" }).transform(normalizeHandle).refine(isValidHandle, { message: HANDLE_INVALID })

/** `marketingOptIn`: marketing messages, a choice apart from the account's own mail, off unless the person ticks it. */
export const signupBody = z.object({ name: nameSchema, email: emailSchema, password, handle: handleSchema, marketingOptIn: z.boolean().default(false) })
export type SignupBody = z.input<typeof signupBody>

export const loginBody = z.object({ email: emailSchema, password: z.string({ message: "Password is required" }).min(1).max(128) })
export type LoginBody = z.input<typeof loginBody>

/** `password`, when sent, becomes the account's password: whoever holds the code chooses it. */
export const verifyEmailBody = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, { message: "Enter the 6-digit code" }),
  password: password.optional(),
})
export type VerifyEmailBody = z.input<typeof verifyEmailBody>

/** POST /api/auth/resend-verification and /api/auth/forgot-password. */
export const emailOnlyBody = z.object({ email: emailSchema })
export type EmailOnlyBody = z.input<typeof emailOnlyBody>

export const resetPasswordBody = z.object({ token: z.string().min(10).max(4096), password })
export type ResetPasswordBody = z.input<typeof resetPasswordBody>

/** What the mailing calls (resend, forgot, reset) answer: a sentence to show. */
export const messageAnswerSchema = z.strictObject({ message: z.string() })
export type MessageAnswer = z.infer<typeof messageAnswerSchema>

/** POST /api/auth/signup: the code is on its way to `email`. */
export const signupAnswerSchema = z.strictObject({ message: z.string(), needsVerification: z.literal(true), email: z.string() })
export type SignupAnswer = z.infer<typeof signupAnswerSchema>

/** POST /api/auth/verify-email: the new session, and a sentence to show. */
export const verifiedAnswerSchema = authSessionSchema.extend({ message: z.string() })
export type VerifiedAnswer = z.infer<typeof verifiedAnswerSchema>
