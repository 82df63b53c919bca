import { randomBytes } from "node:crypto"
import type { CookieOptions, Request, Response } from "express"
import type { Limit } from "../../http/rate-limit.js"
import { hmacSha256, sameBytes } from "../../lib/tokens.js"
import { inboxOf, normalizeEmail } from "../users/index.js"

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a successful sign-in leaves the
 * browser a signed proof that this e-mail's owner signed in on it. Limits per account skip attempts that carry one,
 * so strangers guessing a password lock out untrusted clients only, never the owner's own devices; those attempts
 * count against the device instead, so a stolen cookie can't guess freely either.
 */
export const DEVICE_COOKIE = "device"
const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000
/** A shared computer remembers this many accounts; the one signed in longest ago gives way. */
const ACCOUNTS_PER_DEVICE = 5
const ENTRY = /^([0-9a-f]{32})\.([0-9a-f]{64})$/

export type DeviceCookies = {
  /** The id of the sign-in this request's device cookie proves for `email`; undefined without a valid one. */
  deviceFor(req: Request, email: string): string | undefined
  /** Called after a successful sign-in: gives the browser a fresh proof for `email`, keeping its other accounts'. */
  remember(req: Request, res: Response, email: string): void
}

export function deviceCookies(secret: string, secure: boolean): DeviceCookies {
  // A key of its own, so this HMAC can never be confused with the other uses of the token secret.
  const key = hmacSha256(secret, "device-cookie")
  const sign = (email: string, nonce: string) => hmacSha256(key, `${normalizeEmail(email)}\n${nonce}`)
  const options: CookieOptions = { httpOnly: true, sameSite: "strict", secure, path: "/api/", maxAge: DEVICE_COOKIE_TTL_MS }

  function entries(req: Request): { entry: string; nonce: string; signature: string }[] {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[DEVICE_COOKIE]
    if (typeof value !== "string" || value.length > 1024) return []
    return value.split("~").flatMap((entry) => {
      const match = ENTRY.exec(entry)
      return match ? [{ entry, nonce: match[1]!, signature: match[2]! }] : []
    })
  }

  function deviceFor(req: Request, email: string): string | undefined {
    return entries(req).find(({ nonce, signature }) => sameBytes(signature, sign(email, nonce)))?.nonce
  }

  return {
    deviceFor,
    remember(req, res, email) {
      const previous = deviceFor(req, email)
      const others = entries(req)
        .filter(({ nonce }) => nonce !== previous)
        .map(({ entry }) => entry)
      const nonce = randomBytes(16).toString("hex")
      const value = [`${nonce}.${sign(email, nonce)}`, ...others].slice(0, ACCOUNTS_PER_DEVICE).join("~")
      res.cookie(DEVICE_COOKIE, value, options)
    },
  }
}

const inboxOfKey = (email: string | undefined) => email && inboxOf(email)

/**
 * A per-account limit that spares the owner's devices: an attempt with a valid device cookie for the account counts
 * against that device (`name:device`), any other against the account's inbox (`name:email`: its variants are one person).
 */
export function perAccount(
  devices: DeviceCookies,
  { name, limit, windowMs, email }: { name: string; limit: number; windowMs: number; email: (req: Request) => string | undefined },
): Limit[] {
  const device = (req: Request) => {
    const account = email(req)
    return account ? devices.deviceFor(req, account) : undefined
  }
  return [
    { name: `${name}:email`, limit, windowMs, key: (req) => (device(req) ? undefined : inboxOfKey(email(req))) },
    { name: `${name}:device`, limit, windowMs, key: device },
  ]
}
