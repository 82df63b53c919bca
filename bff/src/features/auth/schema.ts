import { z } from "zod"
import { HANDLE_INVALID, isValidHandle, isValidPassword, normalizeHandle, PASSWORD_RULE } from "../users/rules.js"
import { email, name } from "../users/schema.js"

const password = z.string({ message: "Password is required" }).refine(isValidPassword, { message: PASSWORD_RULE })

export const handle = z.string({ message: "Handle is required" }).transform(normalizeHandle).refine(isValidHandle, { message: HANDLE_INVALID })

export const signupBody = z.object({ name, email, password, handle })
export const loginBody = z.object({ email, password: z.string({ message: "Password is required" }).min(1).max(128) })
/** `password`, when sent, becomes the account's password: whoever holds the code chooses it. */
export const verifyEmailBody = z.object({ email, code: z.string().regex(/^\d{6}$/, { message: "Enter the 6-digit code" }), password: password.optional() })
export const emailOnlyBody = z.object({ email })
export const resetPasswordBody = z.object({ token: z.string().min(10).max(4096), password })
