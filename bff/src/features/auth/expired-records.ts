import type { Db } from "../../lib/db.js"

/** Ended sessions (revoked, or past their 60 days) stay this long, for support to see how an account was used. */
export const ENDED_SESSIONS_KEPT_MS = 7 * 24 * 60 * 60_000
/** Expired codes and used reset tokens stay a day: past its expiry a code or token is refused whether or not its row is there. */
export const EXPIRED_CODES_KEPT_MS = 24 * 60 * 60_000

export type PrunedAuthRecords = { sessions: number; refreshTokens: number; codes: number; resetTokens: number }

/**
 * Deletes the sign-in records nothing reads any more: ended session families (their refresh tokens go with
 * them), refresh tokens past their own expiry in live families (an expired token is refused before it could
 * reveal a reuse), expired verification codes, and used reset tokens past their expiry (Medusa refuses them).
 * Live sessions, codes still in their 10 minutes and unexpired used tokens (which stop a replay) are kept.
 */
export async function pruneExpiredAuthRecords(db: Db): Promise<PrunedAuthRecords> {
  const sessions = await db.query(
    "delete from bff.session_families where least(coalesce(revoked_at, ends_at), ends_at) < now() - $1 * interval '1 millisecond'",
    [ENDED_SESSIONS_KEPT_MS],
  )
  const refreshTokens = await db.query("delete from bff.refresh_tokens where expires_at < now() - $1 * interval '1 millisecond'", [ENDED_SESSIONS_KEPT_MS])
  const codes = await db.query("delete from bff.email_verifications where expires_at < now() - $1 * interval '1 millisecond'", [EXPIRED_CODES_KEPT_MS])
  const resetTokens = await db.query("delete from bff.used_reset_tokens where expires_at < now() - $1 * interval '1 millisecond'", [EXPIRED_CODES_KEPT_MS])
  return {
    sessions: sessions.rowCount ?? 0,
    refreshTokens: refreshTokens.rowCount ?? 0,
    codes: codes.rowCount ?? 0,
    resetTokens: resetTokens.rowCount ?? 0,
  }
}
