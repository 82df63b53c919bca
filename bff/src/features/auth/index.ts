import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { pruneDoneJobs } from "../../lib/jobs.js"
import type { Mailer } from "../../lib/mailer.js"
import type { UsersRepository } from "../users/index.js"
import { deviceCookies, type DeviceCookies } from "./device-cookie.js"
import { pruneExpiredAuthRecords, type PrunedAuthRecords } from "./expired-records.js"
import { authMailJobs } from "./mail-jobs.js"
import { medusaIdentity, type MedusaIdentity } from "./medusa-identity.js"
import { authRoutes } from "./routes.js"
import { authService, type AuthService } from "./service.js"
import { sessionStore, type SessionStore, type StaffCheck } from "./sessions.js"
import { EXPIRE_SIGNUP_JOB, REMOVE_CUSTOMER_JOB, unverifiedSignups } from "./unverified-signups.js"
import { verificationCodes } from "./verification-codes.js"

/** What the console's sign-in (staff-auth) shares with the shop's. */
export { answerSignedIn, loginLimits, requestMeta } from "./routes.js"
export { freeHandleFor, TEXTS, type AuthService, type RequestMeta, type SignedIn } from "./service.js"
export type { DeviceCookies } from "./device-cookie.js"
export type { PrunedAuthRecords } from "./expired-records.js"
export type { SessionStore, StaffCheck } from "./sessions.js"
export type { MedusaIdentity } from "./medusa-identity.js"

/** How many rows one pruning deleted, by kind. */
export type PrunedRecords = PrunedAuthRecords & { doneJobs: number }

/** Done jobs stay a week, for anyone looking into what happened to an order. */
const DONE_JOBS_KEPT_MS = 7 * 24 * 60 * 60_000

type Deps = SharedDeps & {
  config: Pick<Config, "AUTH_TOKEN_SECRET" | "NODE_ENV" | "PUBLIC_URL" | "TRUSTED_ORIGINS" | "AUTH_RATE_LIMIT_PER_IP">
  users: UsersRepository
  mailer: Mailer
  /** Asked at a staff session's refresh whether its Medusa admin user still exists (the console's sign-in answers). */
  staffCheck: StaffCheck
}

/**
 * The shop's sign-up, sign-in and sessions; its account mail goes through a queue of its own. The session
 * store, the service and the device cookies are shared with the console's sign-in.
 */
export function authModule(deps: Deps): FeatureModule & {
  service: AuthService
  sessions: SessionStore
  devices: DeviceCookies
  /** Shoppers' credentials in Medusa (an account's deletion checks the password and removes them). */
  identity: MedusaIdentity
} {
  const { config, db, commerce, logger, users, authentication, staffCheck } = deps
  const tokenSecret = config.AUTH_TOKEN_SECRET
  const secureCookies = config.NODE_ENV === "production"
  const codes = verificationCodes(db, tokenSecret)
  const identity = medusaIdentity(commerce)
  const signups = unverifiedSignups({ db, identity, logger })
  const mail = authMailJobs({ db, users, codes, identity, signups, mailer: deps.mailer, logger, publicUrl: config.PUBLIC_URL })
  const sessions = sessionStore(db, tokenSecret, authentication.forgetTrustedSessions, staffCheck)
  const service = authService({ db, users, sessions, codes, identity, mail, signups, logger })
  // Proof of an earlier sign-in on this browser, which per-account limits spare (device-cookie.ts).
  const devices = deviceCookies(tokenSecret, secureCookies)
  const routes = authRoutes({
    auth: service,
    authentication,
    limiter: deps.limiter,
    secureCookies,
    trustedOrigins: [config.PUBLIC_URL, ...config.TRUSTED_ORIGINS],
    perIpLimit: config.AUTH_RATE_LIMIT_PER_IP,
    devices,
  })
  return {
    routes,
    jobs: { [EXPIRE_SIGNUP_JOB]: signups.expireJob, [REMOVE_CUSTOMER_JOB]: signups.removeCustomerJob },
    mailJobs: mail.handlers,
    service,
    sessions,
    devices,
    identity,
    schedules: [
      {
        // Ended sessions, expired codes and used reset tokens past their time; done jobs (any queue's) go in the same round.
        name: "pruning",
        everyMs: 60 * 60_000,
        run: async () => {
          const pruned: PrunedRecords = { doneJobs: await pruneDoneJobs(db, DONE_JOBS_KEPT_MS), ...(await pruneExpiredAuthRecords(db)) }
          logger.info({ pruned }, "pruned old records")
          return pruned
        },
      },
    ],
  }
}
