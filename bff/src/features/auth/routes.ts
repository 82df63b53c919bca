import { Router, type CookieOptions, type Request, type Response } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { addressKey } from "../../http/client-address.js"
import { sameOriginOnly } from "../../http/origin-guard.js"
import { noStore } from "../../http/no-store.js"
import { rateLimit, withinLimits, type Limit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { sha256, unverifiedClaims } from "../../lib/tokens.js"
import { inboxOf, normalizeEmail } from "../users/index.js"
import { perAccount, type DeviceCookies } from "./device-cookie.js"
import { emailOnlyBody, loginBody, resetPasswordBody, signupBody, verifyEmailBody } from "./schema.js"
import { TEXTS, type AuthService, type RequestMeta, type SignedIn } from "./service.js"

export const REFRESH_COOKIE = "refresh_token"
const FIFTEEN_MINUTES = 15 * 60 * 1000
const TEN_MINUTES = 10 * 60 * 1000
const HOUR = 60 * 60 * 1000

type Options = {
  auth: AuthService
  authentication: Authentication
  limiter: RateLimiter
  secureCookies: boolean
  trustedOrigins: string[]
  perIpLimit: number
  devices: DeviceCookies
}

function emailKey(req: Request): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email
  return typeof email === "string" && email.length <= 254 ? normalizeEmail(email) : undefined
}

/** Per-account limits count per inbox: an address's plus and dotted-Gmail variants share one budget. */
const inboxKey = (req: Request): string | undefined => {
  const email = emailKey(req)
  return email && inboxOf(email)
}

/** The account a reset token names (its claims, unchecked: Medusa checks them when the token is used). */
function resetAccountKey(req: Request): string | undefined {
  const token = (req.body as { token?: unknown } | undefined)?.token
  if (typeof token !== "string" || token.length > 4096) return undefined
  const account = unverifiedClaims(token).entity_id
  return typeof account === "string" && account.length <= 254 ? normalizeEmail(account) : undefined
}

function resetTokenKey(req: Request): string | undefined {
  const token = (req.body as { token?: unknown } | undefined)?.token
  return typeof token === "string" && token.length <= 4096 ? sha256(token) : undefined
}

/**
 * Password sign-in's limits, per address and per account; the shop's and the console's doors count together.
 * Attempts from a device the owner signed in on count against that device instead of the account, so strangers
 * guessing the password lock out only clients the owner never used.
 */
export function loginLimits(perIpLimit: number, devices: DeviceCookies): Limit[] {
  return [
    { name: "login:ip", limit: perIpLimit, windowMs: FIFTEEN_MINUTES, key: (req) => addressKey(req.ip) },
    ...perAccount(devices, { name: "login", limit: 10, windowMs: FIFTEEN_MINUTES, email: emailKey }),
  ]
}

/** The refresh token's cookie: httpOnly, SameSite=Strict, sent only to /api/auth, whose refresh and logout serve shoppers and staff. */
export const refreshCookieOptions = (secure: boolean): CookieOptions => ({ httpOnly: true, sameSite: "strict", secure, path: "/api/auth" })

/** Who started a session, kept beside it. */
export const requestMeta = (req: Request): RequestMeta => ({ userAgent: req.get("user-agent"), ip: req.ip })

/** Answers a sign-in at any door: the access token and user, the refresh token in its cookie. */
export function answerSignedIn(res: Response, { session, user }: SignedIn, secureCookies: boolean, extra: Record<string, unknown> = {}) {
  res.cookie(REFRESH_COOKIE, session.refreshToken, { ...refreshCookieOptions(secureCookies), maxAge: session.refreshExpiresAt.getTime() - Date.now() })
  res.json({ ...extra, accessToken: session.accessToken, user })
}

export function authRoutes({ auth, authentication, limiter, secureCookies, trustedOrigins, perIpLimit, devices }: Options): Router {
  const router = Router()
  const cookieOptions = refreshCookieOptions(secureCookies)
  const perIp = (name: string): Limit => ({ name: `${name}:ip`, limit: perIpLimit, windowMs: FIFTEEN_MINUTES, key: (req) => addressKey(req.ip) })
  const perEmail = (name: string, limit: number, windowMs: number): Limit => ({ name: `${name}:email`, limit, windowMs, key: inboxKey })
  const limited = (...limits: Limit[]) => rateLimit(limiter, limits)
  const cookieRoute = sameOriginOnly(trustedOrigins)

  function refreshCookie(req: Request): string | undefined {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE]
    return typeof value === "string" && value ? value : undefined
  }

  router.post(
    "/auth/signup",
    limited(perIp("signup"), perEmail("signup", 5, HOUR)),
    validated({ body: signupBody }, async (_req, res, { body }) => {
      res.status(201).json(await auth.signup(body))
    }),
  )

  router.post(
    "/auth/verify-email",
    // No per-e-mail limit: a stranger could spend it to refuse the owner's right code. Guessing is bounded by the
    // code itself (locked after 5 wrong tries) and by how few codes the resend budget below lets anyone ask for.
    limited(perIp("verify")),
    noStore,
    validated({ body: verifyEmailBody }, async (req, res, { body: { email, code, password } }) => {
      const signedIn = await auth.verifyEmail(email, code, password, requestMeta(req))
      devices.remember(req, res, email)
      answerSignedIn(res, signedIn, secureCookies, { message: TEXTS.verified })
    }),
  )

  // The two calls that take only an e-mail address and mail its owner. Past an address's mail budget they still
  // answer the same, without mailing, so a stranger can't refuse the owner: every mail the stranger triggered went to
  // the owner, and the budget's window is shorter than a code's or link's life, so the owner always holds a live one.
  // The owner's own devices have budgets of their own.
  for (const [path, name, answer, silently] of [
    ["/auth/resend-verification", "resend", (email: string) => auth.resendVerification(email), { message: TEXTS.resent }],
    ["/auth/forgot-password", "forgot", (email: string) => auth.forgotPassword(email), { message: TEXTS.resetSent }],
  ] as const) {
    const mailBudget = perAccount(devices, { name: `${name}:mail`, limit: 3, windowMs: TEN_MINUTES, email: emailKey })
    router.post(
      path,
      limited(perIp(name)),
      validated({ body: emailOnlyBody }, async (req, res, { body }) => {
        res.json((await withinLimits(limiter, req, mailBudget)) ? await answer(body.email) : silently)
      }),
    )
  }

  router.post(
    "/auth/login",
    limited(...loginLimits(perIpLimit, devices)),
    noStore,
    validated({ body: loginBody }, async (req, res, { body: { email, password } }) => {
      const signedIn = await auth.login(email, password, requestMeta(req))
      devices.remember(req, res, email)
      answerSignedIn(res, signedIn, secureCookies)
    }),
  )

  router.post("/auth/refresh", cookieRoute, noStore, async (req, res) => {
    const token = refreshCookie(req)
    // No cookie is no session, not a failed one: every signed-out visitor's page load asks, and must see no error.
    if (!token) return void res.status(204).end()
    try {
      answerSignedIn(res, await auth.refresh(token), secureCookies)
    } catch (error) {
      res.clearCookie(REFRESH_COOKIE, cookieOptions)
      throw error
    }
  })

  router.get("/auth/me", authentication.requireUser, noStore, async (req, res) => {
    res.json({ user: await auth.me(currentUser(req).id) })
  })

  async function logout(req: Request, res: Response) {
    await auth.logout(refreshCookie(req), req.user?.sessionId)
    res.clearCookie(REFRESH_COOKIE, cookieOptions)
  }

  router.post("/auth/logout", cookieRoute, authentication.optionalUser, async (req, res) => {
    await logout(req, res)
    res.status(204).end()
  })

  router.get("/auth/logout", cookieRoute, authentication.optionalUser, async (req, res) => {
    await logout(req, res)
    res.redirect(303, "/")
  })

  router.post(
    "/auth/reset-password",
    limited(
      perIp("reset"),
      { name: "reset:token", limit: 5, windowMs: FIFTEEN_MINUTES, key: resetTokenKey },
      // Claims anyone can write: the owner's devices are spared, as at sign-in.
      ...perAccount(devices, { name: "reset", limit: 10, windowMs: HOUR, email: resetAccountKey }),
    ),
    validated({ body: resetPasswordBody }, async (_req, res, { body: { token, password } }) => {
      res.json(await auth.resetPassword(token, password))
    }),
  )

  return router
}
