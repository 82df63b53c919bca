import { Router } from "express"
import { noStore } from "../../http/no-store.js"
import { rateLimit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import type { Commerce } from "../../lib/medusa.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import type { DeviceCookies } from "../auth/device-cookie.js"
import { answerSignedIn, loginLimits, requestMeta } from "../auth/routes.js"
import { loginBody } from "../auth/schema.js"
import type { AuthService } from "../auth/service.js"
import type { UsersRepository } from "../users/repository.js"
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
