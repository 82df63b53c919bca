import { isValidPassword } from "@fitshop/contracts"

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PATTERN } from "@fitshop/contracts"

/** Signup takes the BFF's rule: at least 8 characters with a letter and a digit. */
export const isValidSignupPassword = isValidPassword

/** Reset takes the same rule as signup. */
export const isValidNewPassword = isValidPassword

/** What the reset form needs before its button is enabled. */
export const canResetPassword = (token: string | null, password: string, confirmation: string): boolean =>
  Boolean(token) && isValidNewPassword(password) && password === confirmation
