import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { AuthService, DeviceCookies, SessionStore, StaffCheck } from "../auth/index.js"
import type { UsersRepository } from "../users/index.js"
import { medusaStaff } from "./medusa-staff.js"
import { staffAuthRoutes, staffInternalRoutes } from "./routes.js"
import { staffSessionCheck } from "./service.js"

type Deps = Pick<SharedDeps, "commerce" | "limiter"> & {
  config: Pick<Config, "NODE_ENV" | "AUTH_RATE_LIMIT_PER_IP" | "INTERNAL_API_SECRET">
  users: UsersRepository
  /** The shop's sign-in, whose sessions, refresh and device cookies the console's share. */
  auth: { service: AuthService; sessions: SessionStore; devices: DeviceCookies }
}

/** The console's sign-in (Medusa admin users), and commerce's notice that one was removed. */
export function staffAuthModule({ config, commerce, limiter, users, auth }: Deps): FeatureModule {
  const secureCookies = config.NODE_ENV === "production"
  const { sessions, devices } = auth
  return {
    routes: staffAuthRoutes({ auth: auth.service, users, commerce, limiter, secureCookies, perIpLimit: config.AUTH_RATE_LIMIT_PER_IP, devices }),
    internal: [staffInternalRoutes({ users, sessions, internalSecret: config.INTERNAL_API_SECRET })],
  }
}

/** The check the shop's sessions make at a staff session's refresh; made before the auth module, which this feature needs. */
export function medusaStaffCheck({ commerce, logger, users }: Pick<SharedDeps, "commerce" | "logger"> & { users: UsersRepository }): StaffCheck {
  return staffSessionCheck(medusaStaff(commerce), users, logger)
}
