import { randomInt } from "node:crypto"
import { transaction, type Db } from "../../lib/db.js"
import { hmacSha256, sameBytes } from "../../lib/tokens.js"

export const CODE_TTL_MS = 10 * 60 * 1000
export const MAX_WRONG_TRIES = 5
export const RESEND_COOLDOWN_MS = 30 * 1000

export type CheckResult = "ok" | "invalid" | "expired" | "locked"

type CodeRow = { signup_id: string; code_hash: string; expires_at: Date; attempts: number }

/**
 * Six-digit e-mail codes, stored as an HMAC (peppered with the token secret), one live code per sign-up: an
 * address signed up twice has two, each its own sign-up's.
 */
export function verificationCodes(db: Db, pepper: string) {
  const hash = (userId: string, code: string) => hmacSha256(pepper, `${userId}:${code}`)
  const locked = (row: CodeRow) => row.attempts >= MAX_WRONG_TRIES
  const expired = (row: CodeRow) => row.expires_at.getTime() <= Date.now()

  return {
    /** A new code for a sign-up of the account replaces that sign-up's earlier one and resets its wrong-try count; undefined when the sign-up is gone. */
    async issue(userId: string, signupId: string): Promise<string | undefined> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0")
      const { rowCount } = await db.query(
        `insert into bff.email_verifications (signup_id, user_id, code_hash, expires_at, attempts, sent_at)
         select id, user_id, $3, $4, 0, now() from bff.signups where id = $1 and user_id = $2
         on conflict (signup_id) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0, sent_at = now()`,
        [signupId, userId, hash(userId, code), new Date(Date.now() + CODE_TTL_MS)],
      )
      return rowCount ? code : undefined
    },

    /** Milliseconds until another code may be sent to the account; 0 when it may be sent now. */
    async cooldownLeft(userId: string): Promise<number> {
      const { rows } = await db.query<{ sent_at: Date | null }>("select max(sent_at) as sent_at from bff.email_verifications where user_id = $1", [userId])
      const sentAt = rows[0]?.sent_at
      return sentAt ? Math.max(0, sentAt.getTime() + RESEND_COOLDOWN_MS - Date.now()) : 0
    },

    /**
     * Checks a code against the account's live codes atomically. A wrong one counts a try against each of them
     * (so more codes never mean more guesses per code); a code's fifth wrong try locks it. `onValid` gets the
     * transaction and the sign-up whose code it is, and runs before the codes are spent; if it throws, they stay.
     */
    async check(
      userId: string,
      code: string,
      onValid: (client: Pick<Db, "query">, signupId: string) => Promise<void> = async () => undefined,
    ): Promise<CheckResult> {
      return transaction(db, async (client) => {
        // The account first, as its removal and new sign-ups lock it, so they wait for each other in one order.
        await client.query("select 1 from bff.users where id = $1 for update", [userId])
        const { rows } = await client.query<CodeRow>(
          "select signup_id, code_hash, expires_at, attempts from bff.email_verifications where user_id = $1 order by sent_at desc for update",
          [userId],
        )
        if (!rows.length) return "invalid"
        const given = hash(userId, code)
        const match = rows.find((row) => sameBytes(row.code_hash, given))
        if (match) {
          if (locked(match)) return "locked"
          if (expired(match)) return "expired"
          await onValid(client, match.signup_id)
          await client.query("delete from bff.email_verifications where user_id = $1", [userId])
          return "ok"
        }
        const open = rows.filter((row) => !locked(row) && !expired(row))
        if (!open.length) return rows.some(locked) ? "locked" : "expired"
        await client.query("update bff.email_verifications set attempts = attempts + 1 where signup_id = any($1)", [open.map((row) => row.signup_id)])
        return open.every((row) => row.attempts + 1 >= MAX_WRONG_TRIES) ? "locked" : "invalid"
      })
    },
  }
}

export type VerificationCodes = ReturnType<typeof verificationCodes>
