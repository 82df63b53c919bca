import { Router, type CookieOptions, type Request, type Response } from "express"
import type { Authentication } from "../../http/authenticate.js"
import { sameOriginOnly } from "../../http/origin-guard.js"
import { enforceLimits, type Limit } from "../../http/rate-limit.js"
import { parse } from "../../http/validate.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { normalizeEmail } from "../users/rules.js"
import { emailOnlyBody, loginBody, resetPasswordBody, signupBody, verifyEmailBody } from "./schema.js"
import { TEXTS, type AuthService, type SignedIn } from "./service.js"
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

export function authRoutes({ auth, authentication, limiter, secureCookies, trustedOrigins, perIpLimit }: Options): Router {
  const router = Router()
  const cookieOptions: CookieOptions = { httpOnly: true, sameSite: "strict", secure: secureCookies, path: "/api/auth" }
  const perIp = (name: string): Limit => ({ name: `${name}:ip`, limit: perIpLimit, windowMs: FIFTEEN_MINUTES, key: (req) => req.ip })
  const perEmail = (name: string, limit: number, windowMs: number): Limit => ({ name: `${name}:email`, limit, windowMs, key: emailKey })
  const cookieRoute = sameOriginOnly(trustedOrigins)
  const meta = (req: Request) => ({ userAgent: req.get("user-agent"), ip: req.ip })

  function answerSignedIn(res: Response, { session, user }: SignedIn, extra: Record<string, unknown> = {}) {
    res.cookie(REFRESH_COOKIE, session.refreshToken, { ...cookieOptions, maxAge: REFRESH_TOKEN_TTL_MS })
    res.set("Cache-Control", "no-store").json({ ...extra, accessToken: session.accessToken, user })
  }

  function refreshCookie(req: Request): string | undefined {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE]
    return typeof value === "string" && value ? value : undefined
  }

  router.post("/auth/signup", async (req, res) => {
    await enforceLimits(limiter, req, [perIp("signup"), perEmail("signup", 5, HOUR)])
    const body = parse(signupBody, req.body)
    res.status(201).json(await auth.signup(body))
  })

  router.post("/auth/verify-email", async (req, res) => {
    await enforceLimits(limiter, req, [perIp("verify"), perEmail("verify", 20, FIFTEEN_MINUTES)])
    const { email, code } = parse(verifyEmailBody, req.body)
    const signedIn = await auth.verifyEmail(email, code, meta(req))
    answerSignedIn(res, signedIn, { message: TEXTS.verified })
  })

  router.post("/auth/resend-verification", async (req, res) => {
    await enforceLimits(limiter, req, [perIp("resend"), perEmail("resend", 10, HOUR)])
    const { email } = parse(emailOnlyBody, req.body)
    res.json(await auth.resendVerification(email))
  })

  router.post("/auth/login", async (req, res) => {
    await enforceLimits(limiter, req, [perIp("login"), perEmail("login", 10, FIFTEEN_MINUTES)])
    const { email, password } = parse(loginBody, req.body)
    answerSignedIn(res, await auth.login(email, password, meta(req)))
  })

  router.post("/auth/refresh", cookieRoute, async (req, res) => {
    try {
      answerSignedIn(res, await auth.refresh(refreshCookie(req)))
    } catch (error) {
      res.clearCookie(REFRESH_COOKIE, cookieOptions)
      throw error
    }
  })

  router.get("/auth/me", authentication.requireUser, async (req, res) => {
    res.set("Cache-Control", "no-store").json({ user: await auth.me(req.user!.id) })
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

  router.post("/auth/forgot-password", async (req, res) => {
    await enforceLimits(limiter, req, [perIp("forgot"), perEmail("forgot", 5, HOUR)])
    const { email } = parse(emailOnlyBody, req.body)
    res.json(await auth.forgotPassword(email))
  })

  router.post("/auth/reset-password", async (req, res) => {
    await enforceLimits(limiter, req, [perIp("reset")])
    const { token, password } = parse(resetPasswordBody, req.body)
    res.json(await auth.resetPassword(token, password))
  })

  return router
}
