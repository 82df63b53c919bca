import { randomInt } from "node:crypto"
import { transaction, type Db } from "../../lib/db.js"
import { hmacSha256, sameBytes } from "../../lib/tokens.js"

export const CODE_TTL_MS = 10 * 60 * 1000
export const MAX_WRONG_TRIES = 5
export const RESEND_COOLDOWN_MS = 30 * 1000

export type CheckResult = "ok" | "invalid" | "expired" | "locked"

/** Six-digit e-mail codes, stored as an HMAC (peppered with the token secret), one live code per user. */
export function verificationCodes(db: Db, pepper: string) {
  const hash = (userId: string, code: string) => hmacSha256(pepper, `${userId}:${code}`)

  return {
    /** A new code replaces any earlier one and resets the wrong-try count. */
    async issue(userId: string): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0")
      await db.query(
        `insert into bff.email_verifications (user_id, code_hash, expires_at, attempts, sent_at) values ($1, $2, $3, 0, now())
         on conflict (user_id) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0, sent_at = now()`,
        [userId, hash(userId, code), new Date(Date.now() + CODE_TTL_MS)],
      )
      return code
    },

    /** Milliseconds until another code may be sent; 0 when it may be sent now. */
    async cooldownLeft(userId: string): Promise<number> {
      const { rows } = await db.query<{ sent_at: Date }>("select sent_at from bff.email_verifications where user_id = $1", [userId])
      const sentAt = rows[0]?.sent_at
      return sentAt ? Math.max(0, sentAt.getTime() + RESEND_COOLDOWN_MS - Date.now()) : 0
    },

    /**
     * Checks a code atomically: a wrong one counts a try; the fifth wrong try locks the code. `onValid` runs
     * before a right code is spent; if it throws, the code stays as it was.
     */
    async check(userId: string, code: string, onValid: () => Promise<void> = async () => undefined): Promise<CheckResult> {
      return transaction(db, async (client) => {
        const { rows } = await client.query<{ code_hash: string; expires_at: Date; attempts: number }>(
          "select code_hash, expires_at, attempts from bff.email_verifications where user_id = $1 for update",
          [userId],
        )
        const row = rows[0]
        if (!row) return "invalid"
        if (row.attempts >= MAX_WRONG_TRIES) return "locked"
        if (row.expires_at.getTime() <= Date.now()) return "expired"
        if (sameBytes(row.code_hash, hash(userId, code))) {
          await onValid()
          await client.query("delete from bff.email_verifications where user_id = $1", [userId])
          return "ok"
        }
        const { rows: updated } = await client.query<{ attempts: number }>(
          "update bff.email_verifications set attempts = attempts + 1 where user_id = $1 returning attempts",
          [userId],
        )
        return updated[0]!.attempts >= MAX_WRONG_TRIES ? "locked" : "invalid"
      })
    },
  }
}

export type VerificationCodes = ReturnType<typeof verificationCodes>
