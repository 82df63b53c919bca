import { transaction, type Db } from "../../lib/db.js"
import { randomToken, sha256, signAccessToken } from "../../lib/tokens.js"

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000

/**
 * `refreshExpiresAt` is when the refresh token stops working: 30 days on, or the family's absolute end
 * (60 days after sign-in, `bff.session_families.ends_at`) if that comes first. The cookie lives as long.
 */
export type IssuedSession = { accessToken: string; refreshToken: string; refreshExpiresAt: Date; familyId: string }
export type RefreshOutcome = { kind: "rotated"; session: IssuedSession; userId: string } | { kind: "invalid" } | { kind: "reused" }

/**
 * Asked at every refresh of a staff session (a row linked to a Medusa admin user) whether that admin
 * user still exists; false ends the session. Answers true when it cannot tell (see staffSessionCheck).
 */
export type StaffCheck = (medusaUserId: string) => Promise<boolean>

type Client = Pick<Db, "query">

async function issueRefreshToken(client: Client, familyId: string, familyEndsAt: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken()
  const expiresAt = new Date(Math.min(Date.now() + REFRESH_TOKEN_TTL_MS, familyEndsAt.getTime()))
  await client.query("insert into bff.refresh_tokens (token_hash, family_id, expires_at) values ($1, $2, $3)", [sha256(token), familyId, expiresAt])
  return { token, expiresAt }
}

/**
 * Session families and their rotating refresh tokens (stored hashed). `onRevoked` runs after any family
 * is revoked, so nothing that trusted it in this process (authenticate's short memory) trusts it still.
 * A family ends 60 days after sign-in (`ends_at`, set by the table's default) whatever its refreshes.
 */
export function sessionStore(db: Db, tokenSecret: string, onRevoked: () => void = () => undefined, staffStillExists: StaffCheck = async () => true) {
  const accessToken = (userId: string, role: string, familyId: string) =>
    signAccessToken({ sub: userId, sid: familyId, role }, tokenSecret, ACCESS_TOKEN_TTL_SECONDS)

  /** Ends every session of the user; given a transaction's client, they end with its commit (the caller forgets trusted sessions after it too). */
  async function revokeAllForUser(userId: string, client: Client = db): Promise<void> {
    await client.query("update bff.session_families set revoked_at = now() where user_id = $1 and revoked_at is null", [userId])
    onRevoked()
  }

  return {
    async start(userId: string, role: string, meta: { userAgent?: string | undefined; ip?: string | undefined }): Promise<IssuedSession> {
      const { rows } = await db.query<{ id: string; ends_at: Date }>(
        "insert into bff.session_families (user_id, user_agent, ip) values ($1, $2, $3) returning id, ends_at",
        [userId, meta.userAgent?.slice(0, 300) ?? null, meta.ip ?? null],
      )
      const { id: familyId, ends_at: endsAt } = rows[0]!
      const refresh = await issueRefreshToken(db, familyId, endsAt)
      return { accessToken: accessToken(userId, role, familyId), refreshToken: refresh.token, refreshExpiresAt: refresh.expiresAt, familyId }
    },

    /**
     * Swaps a refresh token for a new one carrying the user's role as it is now; a token used twice revokes
     * its whole family. A family past its absolute end, or a staff session whose Medusa admin user is gone
     * (then every session of that user is revoked), is refused.
     */
    async rotate(refreshToken: string): Promise<RefreshOutcome> {
      const { outcome, medusaUserId } = await transaction(db, async (client): Promise<{ outcome: RefreshOutcome; medusaUserId?: string | null }> => {
        const { rows } = await client.query<{
          family_id: string
          expires_at: Date
          rotated_at: Date | null
          revoked_at: Date | null
          ends_at: Date
          user_id: string
          role: string
          medusa_user_id: string | null
        }>(
          `select t.family_id, t.expires_at, t.rotated_at, f.revoked_at, f.ends_at, u.id as user_id, u.role, u.medusa_user_id
             from bff.refresh_tokens t
             join bff.session_families f on f.id = t.family_id
             join bff.users u on u.id = f.user_id
            where t.token_hash = $1
            for update of t, f`,
          [sha256(refreshToken)],
        )
        const row = rows[0]
        if (!row || row.revoked_at || Math.min(row.expires_at.getTime(), row.ends_at.getTime()) <= Date.now()) return { outcome: { kind: "invalid" } }
        if (row.rotated_at) {
          await client.query("update bff.session_families set revoked_at = now() where id = $1 and revoked_at is null", [row.family_id])
          return { outcome: { kind: "reused" } }
        }
        await client.query("update bff.refresh_tokens set rotated_at = now() where token_hash = $1", [sha256(refreshToken)])
        const next = await issueRefreshToken(client, row.family_id, row.ends_at)
        const session = {
          accessToken: accessToken(row.user_id, row.role, row.family_id),
          refreshToken: next.token,
          refreshExpiresAt: next.expiresAt,
          familyId: row.family_id,
        }
        return { outcome: { kind: "rotated", userId: row.user_id, session }, medusaUserId: row.medusa_user_id }
      })
      if (outcome.kind === "reused") onRevoked()
      // Asked after the rotation's transaction, so no row lock waits on Medusa.
      if (outcome.kind === "rotated" && medusaUserId && !(await staffStillExists(medusaUserId))) {
        await revokeAllForUser(outcome.userId)
        return { kind: "invalid" }
      }
      return outcome
    },

    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      await db.query(
        `update bff.session_families set revoked_at = now()
          where revoked_at is null and id = (select family_id from bff.refresh_tokens where token_hash = $1)`,
        [sha256(refreshToken)],
      )
      onRevoked()
    },

    async revokeFamily(familyId: string): Promise<void> {
      await db.query("update bff.session_families set revoked_at = now() where id = $1 and revoked_at is null", [familyId])
      onRevoked()
    },

    revokeAllForUser,
  }
}

export type SessionStore = ReturnType<typeof sessionStore>
