import { randomUUID } from "node:crypto"
import { z } from "zod"
import type { Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { Mailer } from "../../lib/mailer.js"
import type { UserRow, UsersRepository } from "../users/index.js"
import { resetPasswordMail, signupAttemptMail, verificationMail } from "./emails.js"
import type { MedusaIdentity } from "./medusa-identity.js"
import type { UnverifiedSignups } from "./unverified-signups.js"
import { CODE_TTL_MS, type VerificationCodes } from "./verification-codes.js"

/**
 * The account mail, sent from the job queue (with its retries), never inside a request: a request that
 * takes only an e-mail address queues one job whatever the address, and the job looks the account up.
 * Jobs carry the address, never a code or a reset token: those are made when the mail is built.
 */
export const AUTH_MAIL_JOBS = {
  /** After a sign-up: that sign-up's own code for an unverified account; for one that exists, a note that someone tried. */
  signup: "auth.signup-mail",
  /** A new code for an unverified account's latest sign-up; nothing for any other address. */
  code: "auth.code-mail",
  /** A one-time reset link for an account; nothing for an unknown address. */
  reset: "auth.reset-mail",
} as const

export type AuthMailKind = keyof typeof AUTH_MAIL_JOBS

/** How long Medusa's reset token lasts (its generateResetPasswordTokenWorkflow: 15 minutes). */
export const RESET_LINK_TTL_MS = 15 * 60_000

/**
 * Each mail is worth sending only while the shopper waits for it: a code mail for as long as a code lasts
 * (CODE_TTL_MS, 10 minutes), a reset mail for as long as a link lasts; past that the job fails unsent. Within
 * it, a failing send is retried up to 8 times (≈ 10 minutes of backoff).
 */
const MAIL_ATTEMPTS = 8
const DEADLINES: Record<AuthMailKind, number> = { signup: CODE_TTL_MS, code: CODE_TTL_MS, reset: RESET_LINK_TTL_MS }

/**
 * siteUrl: the shop's public address when the job was queued, so whichever replica runs it links to the same host;
 * signupId: the sign-up of an unverified account a sign-up mail's code is for.
 */
const payload = z.object({ email: z.string().min(3).max(254), siteUrl: z.url(), signupId: z.string().uuid().optional() })

type Deps = {
  db: Db
  users: UsersRepository
  codes: VerificationCodes
  identity: MedusaIdentity
  signups: UnverifiedSignups
  mailer: Mailer
  logger: Logger
  publicUrl: string
}

export function authMailJobs({ db, users, codes, identity, signups, mailer, logger, publicUrl }: Deps) {
  /** The account behind an address, if any; an unverified sign-up past its time counts as none. */
  async function accountOf(email: string): Promise<UserRow | undefined> {
    const user = await users.byEmail(email)
    if (!user || (!user.email_verified_at && (await signups.isExpired(user.id)))) return undefined
    return user
  }

  /**
   * Mails a new code for a sign-up: a sign-up's own at once (sign-up has limits of its own), a resent one (for the
   * latest sign-up) unless a code went out within the resend cooldown. Only the job's first run looks at the
   * cooldown: a retry comes after this run issued a code it could not send.
   */
  async function mailCode(user: UserRow, job: Job, signupId?: string) {
    if (!signupId && job.attempts === 1 && (await codes.cooldownLeft(user.id)) > 0) return
    const forSignup = signupId ?? (await signups.latest(user.id))
    const code = forSignup && (await codes.issue(user.id, forSignup))
    if (code) await mailer.send(verificationMail(user.email, code))
  }

  const link = (siteUrl: string, path: string) => new URL(path, siteUrl).toString()

  const senders: Record<AuthMailKind, (job: Job) => Promise<void>> = {
    async signup(job) {
      const { email, siteUrl, signupId } = payload.parse(job.payload)
      const user = await accountOf(email)
      if (user && !user.email_verified_at) return mailCode(user, job, signupId)
      // A verified account, or credentials Medusa holds without a profile here (the seed's demo shopper).
      await mailer.send(signupAttemptMail(email, user?.name, { signIn: link(siteUrl, "/login"), reset: link(siteUrl, "/forgot-password") }))
    },

    async code(job) {
      const { email } = payload.parse(job.payload)
      const user = await accountOf(email)
      if (user && !user.email_verified_at) await mailCode(user, job)
    },

    async reset(job) {
      const { email, siteUrl } = payload.parse(job.payload)
      const user = await accountOf(email)
      if (!user) return
      const resetLink = new URL("/reset-password", siteUrl)
      resetLink.searchParams.set("token", await identity.resetToken(user.email))
      await mailer.send(resetPasswordMail(user.email, user.email_verified_at ? user.name : undefined, resetLink.toString()))
      logger.info({ userId: user.id }, "password reset link mailed")
    },
  }
  const mailJob = (kind: AuthMailKind): JobHandler => ({ run: senders[kind], maxAttempts: MAIL_ATTEMPTS, deadlineMs: DEADLINES[kind] })
  const handlers: Record<string, JobHandler> = {
    [AUTH_MAIL_JOBS.signup]: mailJob("signup"),
    [AUTH_MAIL_JOBS.code]: mailJob("code"),
    [AUTH_MAIL_JOBS.reset]: mailJob("reset"),
  }

  return {
    handlers,
    /** Queues one mail job for an address (and, after a sign-up of an unverified one, that sign-up): the same work whether or not it has an account. */
    async queue(kind: AuthMailKind, email: string, signupId?: string): Promise<void> {
      await enqueueJob(db, AUTH_MAIL_JOBS[kind], randomUUID(), { email, siteUrl: publicUrl, ...(signupId ? { signupId } : {}) })
    },
  }
}

export type AuthMailJobs = ReturnType<typeof authMailJobs>
