const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"])

/**
 * A secret Medusa signs with (JWT_SECRET, COOKIE_SECRET), from the environment. The well-known development
 * value stands in only when the server is explicitly in development or test mode and listens on loopback
 * alone, as the BFF's configuration rules: anything else without the secret refuses to start, so no token
 * signed with a published default is ever accepted.
 */
export function requiredSecret(env: NodeJS.ProcessEnv, name: string, devDefault: string): string {
  const value = env[name]
  if (value) return value
  const explicitDevelopment = env.NODE_ENV === "development" || env.NODE_ENV === "test"
  const loopbackOnly = LOOPBACK_HOSTS.has((env.HOST ?? "").trim().toLowerCase())
  if (explicitDevelopment && loopbackOnly) return devDefault
  throw new Error(
    `${name} must be set: a default is used only with NODE_ENV=development or test and HOST on loopback (NODE_ENV is ${env.NODE_ENV || "unset"}, HOST is ${env.HOST || "unset"})`,
  )
}
