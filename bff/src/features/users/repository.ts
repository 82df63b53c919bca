import type { Db } from "../../lib/db.js"
import { inboxOf } from "./rules.js"

export type UserRow = {
  id: string
  medusa_customer_id: string | null
  email: string
  name: string
  handle: string
  avatar_url: string | null
  phone: string | null
  role: "customer" | "admin"
  email_verified_at: Date | null
  /** The Medusa admin user of a staff row; kept when that user is removed, so the row stays staff's. */
  medusa_user_id: string | null
  /** Marketing messages: chosen at sign-up (off unless ticked), changed in /account › Profile. */
  marketing_opt_in: boolean
}

const COLUMNS = "id, medusa_customer_id, email, name, handle, avatar_url, phone, role, email_verified_at, medusa_user_id, marketing_opt_in"

/** A row of staff, current or removed (or made admin by hand): it never signs in at the shop's door. */
export const isStaffRow = (user: Pick<UserRow, "role" | "medusa_user_id">): boolean => user.role === "admin" || user.medusa_user_id !== null

export { isUniqueViolation } from "../../lib/db.js"

/** SQL: the row is a shop sign-up never verified (staff rows, current or removed, are never one). */
const UNVERIFIED_SHOP_ROW = "email_verified_at is null and medusa_user_id is null and role = 'customer'"

export function usersRepository(db: Db) {
  return {
    async byId(id: string): Promise<UserRow | undefined> {
      const { rows } = await db.query<UserRow>(`select ${COLUMNS} from bff.users where id = $1`, [id])
      return rows[0]
    },

    async byEmail(email: string): Promise<UserRow | undefined> {
      const { rows } = await db.query<UserRow>(`select ${COLUMNS} from bff.users where email = $1`, [email])
      return rows[0]
    },

    /** Taken by another account, or held by another account's sign-up until its address is verified (auth's unverified-signups.ts). */
    async handleTaken(handle: string, exceptUserId?: string): Promise<boolean> {
      const { rowCount } = await db.query(
        `select 1 from bff.users where handle = $1 and id is distinct from $2
         union all
         select 1 from bff.signups where handle = $1 and user_id is distinct from $2`,
        [handle, exceptUserId ?? null],
      )
      return Boolean(rowCount)
    },

    /** The shop account receiving mail at this address's inbox (its plus and, on Gmail, dotted variants are one person). */
    async byInbox(email: string): Promise<UserRow | undefined> {
      const { rows } = await db.query<UserRow>(`select ${COLUMNS} from bff.users where inbox = $1`, [inboxOf(email)])
      return rows[0]
    },

    /** Throws the unique violation of users_email_key, users_inbox_key or users_handle_key when one is taken. */
    async insert(user: { email: string; name: string; handle: string; verified: boolean }, client: Pick<Db, "query"> = db): Promise<UserRow> {
      const { rows } = await client.query<UserRow>(
        `insert into bff.users (email, inbox, name, handle, email_verified_at) values ($1, $2, $3, $4, case when $5 then now() end)
         returning ${COLUMNS}`,
        [user.email, inboxOf(user.email), user.name, user.handle, user.verified],
      )
      return rows[0]!
    },

    /** The staff row of a Medusa admin user (the console's sign-in links them by this id, never by e-mail). */
    async byMedusaUser(medusaUserId: string): Promise<UserRow | undefined> {
      const { rows } = await db.query<UserRow>(`select ${COLUMNS} from bff.users where medusa_user_id = $1`, [medusaUserId])
      return rows[0]
    },

    /**
     * A staff row (role admin) for a Medusa admin user; undefined when another sign-in made it meanwhile.
     * Throws the unique violation of users_email_key or users_handle_key when either is taken.
     */
    async insertStaff(staff: { medusaUserId: string; email: string; name: string; handle: string }): Promise<UserRow | undefined> {
      const { rows } = await db.query<UserRow>(
        `insert into bff.users (medusa_user_id, role, email, name, handle, email_verified_at) values ($1, 'admin', $2, $3, $4, now())
         on conflict (medusa_user_id) do nothing
         returning ${COLUMNS}`,
        [staff.medusaUserId, staff.email, staff.name, staff.handle],
      )
      return rows[0]
    },

    /** A removed staff row taken up again by the Medusa admin user ops made for the same e-mail: staff once more. */
    async relinkStaff(id: string, medusaUserId: string): Promise<UserRow | undefined> {
      const { rows } = await db.query<UserRow>(
        `update bff.users set medusa_user_id = $2, role = 'admin', updated_at = now() where id = $1 and medusa_user_id is not null returning ${COLUMNS}`,
        [id, medusaUserId],
      )
      return rows[0]
    },

    /** Staff whose Medusa admin user was deleted lose the role; answers the row's id, if there is one. */
    async demoteRemovedStaff(medusaUserId: string): Promise<string | undefined> {
      const { rows } = await db.query<{ id: string }>("update bff.users set role = 'customer', updated_at = now() where medusa_user_id = $1 returning id", [
        medusaUserId,
      ])
      return rows[0]?.id
    },

    /** False when the row is gone. */
    async setMedusaCustomer(id: string, customerId: string): Promise<boolean> {
      const { rowCount } = await db.query("update bff.users set medusa_customer_id = $2, updated_at = now() where id = $1", [id, customerId])
      return Boolean(rowCount)
    },

    async remove(id: string): Promise<void> {
      await db.query("delete from bff.users where id = $1", [id])
    },

    /** The shop account holding this Medusa customer, a deleted one's too (its orders keep the customer). */
    async byMedusaCustomer(customerId: string): Promise<UserRow | undefined> {
      const { rows } = await db.query<UserRow>(`select ${COLUMNS} from bff.users where medusa_customer_id = $1`, [customerId])
      return rows[0]
    },

    /**
     * Deletes the account by anonymising its row in place (migration 044): the e-mail becomes a tombstone that frees the
     * address and its inbox, the handle a random one (unguessable, so nobody can take it first and block the deletion), name, avatar, phone and marketing consent go. The id and
     * the Medusa customer stay, so orders, returns, tax documents and the ledger still name the account. False when the
     * row was already deleted (a second submit), which the caller's transaction then leaves alone.
     */
    async anonymise(id: string, client: Pick<Db, "query"> = db): Promise<boolean> {
      const { rowCount } = await client.query(
        `update bff.users
            set email = 'deleted+' || id || '@invalid', inbox = null, name = 'Deleted account',
                handle = 'deleted.' || substr(md5(gen_random_uuid()::text), 1, 12), avatar_url = null, phone = null,
                marketing_opt_in = false, deleted_at = now(), updated_at = now()
          where id = $1 and deleted_at is null`,
        [id],
      )
      return Boolean(rowCount)
    },

    /**
     * Deletes unverified shop rows (never staff's, current or removed): the one account, or the accounts holding the
     * e-mail or the handle (theirs, or one of their sign-ups' in auth's bff.signups); with `olderThanMs`, only rows
     * made at least that long ago. Answers the Medusa customer id of each row deleted (null where it had none).
     */
    async deleteUnverified(
      pick: ({ id: string } | { email: string; handle: string }) & { olderThanMs?: number },
      client: Pick<Db, "query"> = db,
    ): Promise<(string | null)[]> {
      const params: unknown[] = "id" in pick ? [pick.id] : [pick.email, pick.handle]
      const holding = "id" in pick ? "id = $1" : "email = $1 or handle = $2 or id in (select user_id from bff.signups where handle = $2)"
      let aged = ""
      if (pick.olderThanMs !== undefined) {
        params.push(pick.olderThanMs)
        aged = `and created_at <= now() - $${String(params.length)} * interval '1 millisecond'`
      }
      const { rows } = await client.query<{ medusa_customer_id: string | null }>(
        `delete from bff.users where ${UNVERIFIED_SHOP_ROW} ${aged} and (${holding}) returning medusa_customer_id`,
        params,
      )
      return rows.map((row) => row.medusa_customer_id)
    },

    /**
     * Verifies an unverified row made less than `withinMs` ago as one of its sign-ups (auth's bff.signups): the row
     * takes that sign-up's name, handle and marketing choice. False when it expired or was verified meanwhile. Throws
     * the unique violation of users_handle_key when another account took the handle.
     */
    async verifyAsSignup(id: string, signup: { id: string; withinMs: number }, client: Pick<Db, "query"> = db): Promise<boolean> {
      const { rowCount } = await client.query(
        `update bff.users u set email_verified_at = now(), name = s.name, handle = s.handle, marketing_opt_in = s.marketing_opt_in, updated_at = now()
           from bff.signups s
          where u.id = $1 and s.id = $2 and s.user_id = u.id
            and u.email_verified_at is null and u.created_at > now() - $3 * interval '1 millisecond'`,
        [id, signup.id, signup.withinMs],
      )
      return Boolean(rowCount)
    },

    async markVerified(id: string): Promise<void> {
      await db.query("update bff.users set email_verified_at = coalesce(email_verified_at, now()), updated_at = now() where id = $1", [id])
    },

    async update(id: string, changes: Partial<Pick<UserRow, "name" | "handle" | "avatar_url" | "phone" | "marketing_opt_in">>): Promise<UserRow | undefined> {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined)
      if (!entries.length) return this.byId(id)
      const sets = entries.map(([column], index) => `${column} = $${index + 2}`).join(", ")
      const { rows } = await db.query<UserRow>(`update bff.users set ${sets}, updated_at = now() where id = $1 returning ${COLUMNS}`, [
        id,
        ...entries.map(([, value]) => value),
      ])
      return rows[0]
    },
  }
}

export type UsersRepository = ReturnType<typeof usersRepository>
