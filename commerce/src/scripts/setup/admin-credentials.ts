import type { Credentials } from "../seed/accounts"

const MIN_PASSWORD_LENGTH = 12
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The first staff account from ADMIN_EMAIL and ADMIN_PASSWORD, or an error naming every problem (never the password). */
export function adminCredentialsFrom(env: NodeJS.ProcessEnv): Credentials {
  const email = env.ADMIN_EMAIL ?? ""
  const password = env.ADMIN_PASSWORD ?? ""
  const problems: string[] = []
  if (!email) problems.push("ADMIN_EMAIL is not set")
  else if (!EMAIL.test(email)) problems.push(`ADMIN_EMAIL "${email}" is not an e-mail address`)
  if (!password) problems.push("ADMIN_PASSWORD is not set")
  else if ([...password].length < MIN_PASSWORD_LENGTH) problems.push(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`)
  if (problems.length) throw new Error(`Setup needs the first staff account's e-mail and password: ${problems.join("; ")}. Nothing was changed.`)
  return { email, password }
}
