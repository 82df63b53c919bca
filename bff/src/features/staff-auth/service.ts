import { conflict, HttpError } from "../../http/errors.js"
import type { Logger } from "../../lib/logger.js"
import { freeHandleFor, TEXTS, type AuthService, type RequestMeta, type SignedIn, type StaffCheck } from "../auth/index.js"
import { isStaffRow, isUniqueViolation, normalizeEmail, type UserRow, type UsersRepository } from "../users/index.js"
import type { MedusaStaff, MedusaStaffUser } from "./medusa-staff.js"

/** A staff e-mail that a shop account already holds: the two never merge, so staff need another address. */
export const STAFF_EMAIL_TAKEN = "This e-mail belongs to a shop account, so it can't sign in to the console. Ask for a staff account with another e-mail."

type Deps = { users: UsersRepository; auth: Pick<AuthService, "startSession" | "withdrawUnverifiedSignup">; staff: MedusaStaff }

/** Races lost in a row before giving up (first sign-ins racing each other, a shop sign-up, or for a free handle); a removed sign-up takes one. */
const ATTEMPTS = 3

/** The console's sign-in: Medusa checks the password, the BFF keeps the session as it does a shopper's. */
export function staffAuthService({ users, auth, staff }: Deps) {
  /**
   * The staff row of a Medusa admin user, made at their first sign-in; a verified shop account's row is never taken
   * over. An unverified shop sign-up of the e-mail gives way: it is removed, here and in Medusa, as its expiry would.
   */
  async function staffRow(user: MedusaStaffUser): Promise<UserRow> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const existing = await users.byMedusaUser(user.id)
      if (existing) return existing
      const email = normalizeEmail(user.email)
      const holder = await users.byEmail(email)
      if (holder) {
        // The row holding the e-mail may be this person's own, made by a racing first sign-in just now, or the
        // row they had as staff before ops removed and re-invited them.
        const made = await users.byMedusaUser(user.id)
        if (made) return made
        const relinked = holder.medusa_user_id ? await users.relinkStaff(holder.id, user.id) : undefined
        if (relinked) return relinked
        if (holder.email_verified_at || isStaffRow(holder)) throw conflict(STAFF_EMAIL_TAKEN)
        // A shop sign-up nobody verified only holds the e-mail (anyone can type an address): it goes, and the next
        // round makes the staff row, or finds it verified meanwhile.
        await auth.withdrawUnverifiedSignup(holder.id)
        continue
      }
      try {
        const name = user.name || (email.split("@")[0] ?? email)
        const made = await users.insertStaff({ medusaUserId: user.id, email, name: name.slice(0, 80), handle: await freeHandleFor(users, email) })
        if (made) return made
      } catch (error) {
        // A racing sign-in of the same person, a shop sign-up with this e-mail, or a handle taken meanwhile: look again.
        if (!isUniqueViolation(error, "users_email_key") && !isUniqueViolation(error, "users_handle_key")) throw error
      }
    }
    throw new Error(`could not make a staff row for Medusa user ${user.id}`)
  }

  return {
    /** The same 401 as the shop's login for a wrong password or anyone who is not staff: it tells nobody which. */
    async login(email: string, password: string, meta: RequestMeta): Promise<SignedIn> {
      const user = await staff.userFor(email, password)
      if (!user) throw new HttpError(401, "invalid_credentials", TEXTS.invalidLogin)
      return auth.startSession(await staffRow(user), meta)
    },
  }
}

export type StaffAuthService = ReturnType<typeof staffAuthService>

/**
 * The check a staff session passes at every refresh: its Medusa admin user must still exist. It backs up
 * commerce's notice of a deletion (staffInternalRoutes), which ends their sessions at once: a removed user
 * loses the role here too. Medusa unreachable keeps the session: the refresh route drops the cookie on any
 * error, so failing here would sign every member of staff out during an outage they could not sign back in
 * through (sign-in asks Medusa too); the next refresh asks again.
 */
export function staffSessionCheck(staff: Pick<MedusaStaff, "exists">, users: Pick<UsersRepository, "demoteRemovedStaff">, logger: Logger): StaffCheck {
  return async (medusaUserId) => {
    let exists: boolean
    try {
      exists = await staff.exists(medusaUserId)
    } catch (error) {
      logger.warn({ err: error, medusaUserId }, "could not ask Medusa whether a staff user still exists; the session is kept")
      return true
    }
    if (!exists) await users.demoteRemovedStaff(medusaUserId)
    return exists
  }
}
