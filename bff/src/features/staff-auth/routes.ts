import { loginBody } from "@fitshop/contracts"
import { Router } from "express"
import { z } from "zod"
import { requireInternalSecret } from "../../http/internal-secret.js"
import { noStore } from "../../http/no-store.js"
import { rateLimit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import type { Commerce } from "../../lib/medusa.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { answerSignedIn, loginLimits, requestMeta, type AuthService, type DeviceCookies, type SessionStore } from "../auth/index.js"
import type { UsersRepository } from "../users/index.js"
import { medusaStaff } from "./medusa-staff.js"
import { staffAuthService } from "./service.js"

type Options = {
  auth: AuthService
  users: UsersRepository
  commerce: Commerce
  limiter: RateLimiter
  secureCookies: boolean
  perIpLimit: number
  devices: DeviceCookies
}

/**
 * The console's sign-in (Medusa admin users). It answers as the shop's login does, refresh cookie and all,
 * so the shop's /api/auth/refresh and /api/auth/logout serve staff sessions too.
 */
export function staffAuthRoutes({ auth, users, commerce, limiter, secureCookies, perIpLimit, devices }: Options): Router {
  const router = Router()
  const staff = staffAuthService({ users, auth, staff: medusaStaff(commerce) })

  router.post(
    "/admin/auth/login",
    rateLimit(limiter, loginLimits(perIpLimit, devices)),
    noStore,
    validated({ body: loginBody }, async (req, res, { body: { email, password } }) => {
      const signedIn = await staff.login(email, password, requestMeta(req))
      devices.remember(req, res, email)
      answerSignedIn(res, signedIn, secureCookies)
    }),
  )

  return router
}

const removedStaffParams = z.object({ medusaUserId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) })

/**
 * commerce's `staff-removed` subscriber: a Medusa admin user was deleted, so their row loses the role and every
 * session at once (the refresh's own check stays as the backstop for a notice that never arrived).
 */
export function staffInternalRoutes({ users, sessions, internalSecret }: { users: UsersRepository; sessions: SessionStore; internalSecret: string }): Router {
  const router = Router()
  router.post(
    "/internal/staff/:medusaUserId/removed",
    requireInternalSecret(internalSecret),
    validated({ params: removedStaffParams }, async (_req, res, { params: { medusaUserId } }) => {
      const userId = await users.demoteRemovedStaff(medusaUserId)
      if (userId) await sessions.revokeAllForUser(userId)
      res.status(204).end()
    }),
  )
  return router
}
