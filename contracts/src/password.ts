/** The spec's password rule: the BFF enforces it, the forms check it before sending. */

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const PASSWORD_RULE = "Password must be at least 8 characters and include a letter and a number."

/** The rule as an HTML `pattern` attribute, so the browser's own validation agrees with isValidPassword. */
export const PASSWORD_PATTERN = "(?=.*[A-Za-z])(?=.*[0-9]).*"

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && /[a-z]/i.test(password) && /\d/.test(password)
}
