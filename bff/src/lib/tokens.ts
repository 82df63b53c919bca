import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto"

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString("base64url")
}

export function sameBytes(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex")
}

export function hmacSha256(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("hex")
}

/** An unguessable opaque token (refresh tokens and the like), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url")
}

export type AccessClaims = { sub: string; sid: string; role: string }

const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))

/** A compact HS256 JWT; the BFF is both issuer and only reader. */
export function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000)
  const payload = base64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }))
  const signature = createHmac("sha256", secret).update(`${HEADER}.${payload}`).digest("base64url")
  return `${HEADER}.${payload}.${signature}`
}

/** The claims of a valid, unexpired token signed with `secret`; undefined for anything else. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | undefined {
  const [header, payload, signature] = token.split(".")
  if (!header || !payload || !signature || header !== HEADER) return undefined
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url")
  if (!sameBytes(signature, expected)) return undefined
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Partial<AccessClaims & { exp: number }>
    if (typeof claims.exp !== "number" || claims.exp * 1000 <= now) return undefined
    if (typeof claims.sub !== "string" || typeof claims.sid !== "string" || typeof claims.role !== "string") return undefined
    return { sub: claims.sub, sid: claims.sid, role: claims.role }
  } catch {
    return undefined
  }
}

/** The claims of a JWT read without trusting them: Medusa checks the signature when the token is used. */
export function unverifiedClaims(token: string): { exp?: unknown; entity_id?: unknown; actor_id?: unknown } {
  try {
    return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { exp?: unknown; entity_id?: unknown; actor_id?: unknown }
  } catch {
    return {}
  }
}
