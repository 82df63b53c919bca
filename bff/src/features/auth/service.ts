import type { Logger } from "../../lib/logger.js"
import { sha256, unverifiedClaims } from "../../lib/tokens.js"
import { transaction, type Db } from "../../lib/db.js"
import { badRequest, conflict, forbidden, HttpError, tooManyRequests, unauthorized } from "../../http/errors.js"
import type { AuthMailJobs } from "./mail-jobs.js"
import { MedusaIdentityExists, type MedusaIdentity } from "./medusa-identity.js"
import {
  HANDLE_TAKEN,
  isStaffRow,
  isUniqueViolation,
  isValidHandle,
  normalizeHandle,
  presentUser,
  type User,
  type UserRow,
  type UsersRepository,
} from "../users/index.js"
import type { IssuedSession, SessionStore } from "./sessions.js"
import type { SignupProfile, UnverifiedSignups } from "./unverified-signups.js"
import type { VerificationCodes } from "./verification-codes.js"

export const TEXTS = {
  signupSent: "We sent a 6-digit code to your email. Enter it below to verify.",
  verified: "Email verified. You're signed in.",
  resent: "Code resent. Check your inbox (and spam).",
  invalidLogin: "Invalid email or password",
  notVerified: "Please verify your email before signing in. We can send you a new code.",
  invalidCode: "Invalid or expired code",
  passwordToVerify: "Enter the password you signed up with, then the code.",
  lockedCode: "Too many wrong codes. Request a new code and try again.",
  resetSent: "we sent a reset link to your Email. Check your inbox.",
  resetInvalid: "Reset link is invalid or expired",
  resetDone: "Password updated. Redirecting to login…",
  sessionEnded: "Your session has ended. Please sign in again.",
} as const

export type SignedIn = { session: IssuedSession; user: User }
type SignupInput = { name: string; email: string; password: string; handle: string; marketingOptIn: boolean }
export type RequestMeta = { userAgent?: string | undefined; ip?: string | undefined }

type Deps = {
  db: Db
  users: UsersRepository
  sessions: SessionStore
  codes: VerificationCodes
  identity: MedusaIdentity
  mail: AuthMailJobs
  signups: UnverifiedSignups
  logger: Logger
}

/** A free handle derived from the e-mail, for accounts that arrive without one (the seed's demo shopper, staff). */
export async function freeHandleFor(users: UsersRepository, email: string): Promise<string> {
  let base = normalizeHandle(email.split("@")[0] ?? "")
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, 16)
  if (!isValidHandle(base)) base = "fit"
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? base : `${base}${n}`
    if (isValidHandle(candidate) && !(await users.handleTaken(candidate))) return candidate
  }
  throw new Error("no free handle")
}

/** What a sign-up gives the account once its code is entered: its name, its handle and its marketing choice. */
const signupProfile = ({ name, handle, marketingOptIn }: SignupInput): SignupProfile => ({ name, handle, marketingOptIn })

export function authService({ db, users, sessions, codes, identity, mail, signups, logger }: Deps) {
  async function signIn(user: UserRow, meta: RequestMeta): Promise<SignedIn> {
    return { session: await sessions.start(user.id, user.role, meta), user: presentUser(user) }
  }

  /**
   * Another sign-up of an existing account. A verified one is left as it is; an unverified one keeps its
   * credentials (whoever proves the inbox chooses the password at verification, verifyEmail) and gets this
   * sign-up beside the others: whoever enters its code gets its name and handle.
   */
  async function signUpAgain(existing: UserRow, input: SignupInput): Promise<string | undefined> {
    return existing.email_verified_at ? undefined : signups.add(existing.id, signupProfile(input))
  }

  /**
   * Records a sign-up: a new account with its first sign-up, registered in Medusa, or another sign-up of an
   * existing one. Answers the sign-up whose code to mail, if there is one to verify.
   */
  async function recordSignup(input: SignupInput): Promise<string | undefined> {
    const existing = await users.byEmail(input.email)
    if (existing) return signUpAgain(existing, input)
    // A variant of its address (me+1@, m.e@gmail.com) is the same inbox, so the same person: no second account.
    if (await users.byInbox(input.email)) return undefined
    let made: { user: UserRow; signupId: string | undefined }
    try {
      made = await transaction(db, async (tx) => {
        const user = await users.insert({ email: input.email, name: input.name, handle: input.handle, verified: false }, tx)
        return { user, signupId: await signups.add(user.id, signupProfile(input), tx) }
      })
    } catch (error) {
      // Two sign-ups racing for the same e-mail (or inbox): the unique index decides, and the later one joins the account.
      if (!isUniqueViolation(error, "users_email_key") && !isUniqueViolation(error, "users_inbox_key")) throw error
      const racing = await users.byEmail(input.email)
      return racing ? signUpAgain(racing, input) : undefined
    }
    return (await registerInMedusa(made.user, input)) ? made.signupId : undefined
  }

  /** The new account's credentials and customer in Medusa; false when the row went instead. */
  async function registerInMedusa(user: UserRow, input: SignupInput): Promise<boolean> {
    let customerId: string
    try {
      customerId = await identity.registerCustomer(input.email, input.password, input.name)
    } catch (error) {
      await users.remove(user.id)
      // Credentials Medusa holds without a profile here (the seed's demo shopper): an existing account too.
      if (error instanceof MedusaIdentityExists) return false
      throw error
    }
    // The row went meanwhile (a member of staff took the e-mail): so does the customer just made.
    if (!(await users.setMedusaCustomer(user.id, customerId))) {
      await signups.removeOrphanCustomer(customerId)
      return false
    }
    await signups.scheduleExpiry(user.id)
    return true
  }

  return {
    /** Starts a session for a user another door found (the console's staff sign-in). */
    startSession: signIn,

    /** Removes an unverified shop sign-up, here and in Medusa, so the member of staff whose e-mail it holds can take it. */
    withdrawUnverifiedSignup: (userId: string): Promise<boolean> => signups.withdraw(userId),

    /**
     * Answers the same for a new e-mail and one that has an account (whose owner is mailed that someone
     * tried), so sign-up tells nobody who has an account. A taken handle is refused: handles are public.
     */
    async signup(input: SignupInput) {
      await signups.freeFor(input.email, input.handle)
      // The handle first: a taken handle answers the same whether or not the e-mail has an account.
      if (await users.handleTaken(input.handle)) throw conflict(HANDLE_TAKEN)
      let signupId: string | undefined
      try {
        signupId = await recordSignup(input)
      } catch (error) {
        // Two sign-ups racing for the same handle: the unique indexes decide.
        if (isUniqueViolation(error, "users_handle_key") || isUniqueViolation(error, "signups_handle_key")) throw conflict(HANDLE_TAKEN)
        throw error
      }
      await mail.queue("signup", input.email, signupId)
      return { message: TEXTS.signupSent, needsVerification: true as const, email: input.email }
    },

    /**
     * The code proves the inbox, so its holder may set the password here: an account a stranger signed up first
     * with this address then gets the owner's password, never the stranger's. The account takes the name and
     * handle of the sign-up whose code this is. All of it happens before the code is spent, so a Medusa failure
     * leaves the code usable.
     */
    async verifyEmail(email: string, code: string, password: string | undefined, meta: RequestMeta): Promise<SignedIn> {
      const user = await users.byEmail(email)
      if (!user) throw badRequest(TEXTS.invalidCode)
      if (user.email_verified_at) throw badRequest(TEXTS.invalidCode)
      const result = await codes.check(user.id, code, async (tx, signupId) => {
        // Without a password the account keeps the one Medusa holds, the first sign-up's: a stranger's, when the code is
        // a later sign-up's. Refused before anything changes, so the code stays usable with the password.
        if (!password && !(await signups.madeTheAccount(tx, user.id, signupId))) throw badRequest(TEXTS.passwordToVerify)
        try {
          if (!(await signups.verify(tx, user.id, signupId))) throw badRequest(TEXTS.invalidCode)
        } catch (error) {
          // Another account took the sign-up's handle in the instant after it was checked.
          if (isUniqueViolation(error, "users_handle_key")) throw conflict(HANDLE_TAKEN)
          throw error
        }
        if (password && !(await identity.setPassword(await identity.resetToken(user.email), password))) {
          throw new Error("Medusa refused the password chosen at verification")
        }
      })
      if (result === "locked") throw tooManyRequests(TEXTS.lockedCode, 30)
      if (result !== "ok") throw badRequest(TEXTS.invalidCode)
      const verified = await users.byId(user.id)
      if (!verified) throw badRequest(TEXTS.invalidCode)
      return signIn(verified, meta)
    },

    /**
     * The same answer, and the same work (one queued job), for every address: the job mails a code only
     * to an unverified account whose last code is older than the cooldown.
     */
    async resendVerification(email: string) {
      await mail.queue("code", email)
      return { message: TEXTS.resent }
    },

    /** The shop's door: staff, current or removed, sign in only at the console's, so here they are answered as a wrong password. */
    async login(email: string, password: string, meta: RequestMeta): Promise<SignedIn> {
      const refused = () => new HttpError(401, "invalid_credentials", TEXTS.invalidLogin)
      if (!(await identity.checkPassword(email, password))) throw refused()
      let user = await users.byEmail(email)
      if (user && isStaffRow(user)) throw refused()
      if (!user) {
        // Credentials made outside the BFF (the seed's demo shopper): adopt them with a fresh handle.
        const customer = await identity.customerFor(email, password)
        // A deleted account's customer whose credentials Medusa still holds (its removal failed and waits for a retry): nobody's to adopt.
        if (customer && (await users.byMedusaCustomer(customer.id))) throw refused()
        const name = customer?.name || (email.split("@")[0] ?? email)
        user = await users.insert({ email, name, handle: await freeHandleFor(users, email), verified: true })
        if (customer) await users.setMedusaCustomer(user.id, customer.id)
        logger.info({ userId: user.id }, "adopted a Medusa customer made outside the BFF")
      }
      if (!user.email_verified_at) throw forbidden(TEXTS.notVerified)
      return signIn(user, meta)
    },

    async refresh(refreshToken: string | undefined): Promise<SignedIn> {
      if (!refreshToken) throw unauthorized(TEXTS.sessionEnded)
      const outcome = await sessions.rotate(refreshToken)
      if (outcome.kind === "reused") logger.warn("refresh token reused: session family revoked")
      if (outcome.kind !== "rotated") throw unauthorized(TEXTS.sessionEnded)
      const user = await users.byId(outcome.userId)
      if (!user) throw unauthorized(TEXTS.sessionEnded)
      return { session: outcome.session, user: presentUser(user) }
    },

    async me(userId: string): Promise<User> {
      const user = await users.byId(userId)
      if (!user) throw unauthorized(TEXTS.sessionEnded)
      return presentUser(user)
    },

    async logout(refreshToken: string | undefined, familyId: string | undefined) {
      if (refreshToken) await sessions.revokeByRefreshToken(refreshToken)
      if (familyId) await sessions.revokeFamily(familyId)
    },

    /**
     * The same answer in the same time for every address: the request only queues a job, which looks the
     * account up, asks Medusa for a reset token and mails the link on the configured public host.
     */
    async forgotPassword(email: string) {
      await mail.queue("reset", email)
      return { message: TEXTS.resetSent }
    },

    async resetPassword(token: string, password: string) {
      const tokenHash = sha256(token)
      const claims = unverifiedClaims(token)
      const expiresAt = typeof claims.exp === "number" ? new Date(claims.exp * 1000) : new Date(Date.now() + 24 * 60 * 60 * 1000)
      // Claim the token before using it: of two racing requests only one gets past this insert.
      const claimed = await db.query("insert into bff.used_reset_tokens (token_hash, expires_at) values ($1, $2) on conflict (token_hash) do nothing", [
        tokenHash,
        expiresAt,
      ])
      if (!claimed.rowCount) throw badRequest(TEXTS.resetInvalid)
      let accepted: boolean
      try {
        accepted = await identity.setPassword(token, password)
      } catch (error) {
        // Medusa unreachable: the token was not used, so the link must keep working.
        await db.query("delete from bff.used_reset_tokens where token_hash = $1", [tokenHash])
        throw error
      }
      if (!accepted) throw badRequest(TEXTS.resetInvalid)
      const user = typeof claims.entity_id === "string" ? await users.byEmail(claims.entity_id.toLowerCase()) : undefined
      if (user) {
        await db.query("update bff.used_reset_tokens set user_id = $2 where token_hash = $1", [tokenHash, user.id])
        await sessions.revokeAllForUser(user.id)
      }
      return { message: TEXTS.resetDone }
    },
  }
}

export type AuthService = ReturnType<typeof authService>
