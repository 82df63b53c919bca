export const PASSWORD_MIN_LENGTH = 8

/** Signup: at least 8 characters, one of them a digit. */
export const isValidSignupPassword = (password: string): boolean => password.length >= PASSWORD_MIN_LENGTH && /\d/.test(password)

/** Reset: at least 8 characters with a letter and a digit. */
export const isValidNewPassword = (password: string): boolean => password.length >= PASSWORD_MIN_LENGTH && /[a-z]/i.test(password) && /\d/.test(password)

/** What the reset form needs before its button is enabled. */
export const canResetPassword = (token: string | null, password: string, confirmation: string): boolean =>
  Boolean(token) && isValidNewPassword(password) && password === confirmation
