import { Router, type CookieOptions, type Request, type Response } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { sameOriginOnly } from "../../http/origin-guard.js"
import { noStore } from "../../http/no-store.js"
import { rateLimit, type Limit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { normalizeEmail } from "../users/rules.js"
import { emailOnlyBody, loginBody, resetPasswordBody, signupBody, verifyEmailBody } from "./schema.js"
import { TEXTS, type AuthService, type RequestMeta, type SignedIn } from "./service.js"
import { REFRESH_TOKEN_TTL_MS } from "./sessions.js"

export const REFRESH_COOKIE = "refresh_token"
const FIFTEEN_MINUTES = 15 * 60 * 1000
const HOUR = 60 * 60 * 1000

type Options = {
  auth: AuthService
  authentication: Authentication
  limiter: RateLimiter
  secureCookies: boolean
  trustedOrigins: string[]
  perIpLimit: number
}

function emailKey(req: Request): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email
  return typeof email === "string" && email.length <= 254 ? normalizeEmail(email) : undefined
}

/** Password sign-in's limits, per address and per e-mail; the shop's and the console's doors count together. */
export function loginLimits(perIpLimit: number): Limit[] {
  return [
    { name: "login:ip", limit: perIpLimit, windowMs: FIFTEEN_MINUTES, key: (req) => req.ip },
    { name: "login:email", limit: 10, windowMs: FIFTEEN_MINUTES, key: emailKey },
  ]
}

/** The refresh token's cookie: httpOnly, SameSite=Strict, sent only to /api/auth, whose refresh and logout serve shoppers and staff. */
export const refreshCookieOptions = (secure: boolean): CookieOptions => ({ httpOnly: true, sameSite: "strict", secure, path: "/api/auth" })

/** Who started a session, kept beside it. */
export const requestMeta = (req: Request): RequestMeta => ({ userAgent: req.get("user-agent"), ip: req.ip })

/** Answers a sign-in at any door: the access token and user, the refresh token in its cookie. */
export function answerSignedIn(res: Response, { session, user }: SignedIn, secureCookies: boolean, extra: Record<string, unknown> = {}) {
  res.cookie(REFRESH_COOKIE, session.refreshToken, { ...refreshCookieOptions(secureCookies), maxAge: REFRESH_TOKEN_TTL_MS })
  res.json({ ...extra, accessToken: session.accessToken, user })
}

export function authRoutes({ auth, authentication, limiter, secureCookies, trustedOrigins, perIpLimit }: Options): Router {
  const router = Router()
  const cookieOptions = refreshCookieOptions(secureCookies)
  const perIp = (name: string): Limit => ({ name: `${name}:ip`, limit: perIpLimit, windowMs: FIFTEEN_MINUTES, key: (req) => req.ip })
  const perEmail = (name: string, limit: number, windowMs: number): Limit => ({ name: `${name}:email`, limit, windowMs, key: emailKey })
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
    limited(perIp("verify"), perEmail("verify", 20, FIFTEEN_MINUTES)),
    noStore,
    validated({ body: verifyEmailBody }, async (req, res, { body: { email, code } }) => {
      answerSignedIn(res, await auth.verifyEmail(email, code, requestMeta(req)), secureCookies, { message: TEXTS.verified })
    }),
  )

  // The two calls that take only an e-mail address.
  for (const [path, name, perHour, answer] of [
    ["/auth/resend-verification", "resend", 10, (email: string) => auth.resendVerification(email)],
    ["/auth/forgot-password", "forgot", 5, (email: string) => auth.forgotPassword(email)],
  ] as const) {
    router.post(
      path,
      limited(perIp(name), perEmail(name, perHour, HOUR)),
      validated({ body: emailOnlyBody }, async (_req, res, { body }) => {
        res.json(await answer(body.email))
      }),
    )
  }

  router.post(
    "/auth/login",
    limited(...loginLimits(perIpLimit)),
    noStore,
    validated({ body: loginBody }, async (req, res, { body: { email, password } }) => {
      answerSignedIn(res, await auth.login(email, password, requestMeta(req)), secureCookies)
    }),
  )

  router.post("/auth/refresh", cookieRoute, noStore, async (req, res) => {
    try {
      answerSignedIn(res, await auth.refresh(refreshCookie(req)), secureCookies)
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
    limited(perIp("reset")),
    validated({ body: resetPasswordBody }, async (_req, res, { body: { token, password } }) => {
      res.json(await auth.resetPassword(token, password))
    }),
  )

  return router
}
