import { transaction, type Db } from "../../lib/db.js"
import { randomToken, sha256, signAccessToken } from "../../lib/tokens.js"

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000

export type IssuedSession = { accessToken: string; refreshToken: string; familyId: string }
export type RefreshOutcome = { kind: "rotated"; session: IssuedSession; userId: string } | { kind: "invalid" } | { kind: "reused" }

type Client = Pick<Db, "query">

async function issueRefreshToken(client: Client, familyId: string): Promise<string> {
  const token = randomToken()
  await client.query("insert into bff.refresh_tokens (token_hash, family_id, expires_at) values ($1, $2, $3)", [
    sha256(token),
    familyId,
    new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  ])
  return token
}

/**
 * Session families and their rotating refresh tokens (stored hashed). `onRevoked` runs after any family
 * is revoked, so nothing that trusted it in this process (authenticate's short memory) trusts it still.
 */
export function sessionStore(db: Db, tokenSecret: string, onRevoked: () => void = () => undefined) {
  const accessToken = (userId: string, role: string, familyId: string) =>
    signAccessToken({ sub: userId, sid: familyId, role }, tokenSecret, ACCESS_TOKEN_TTL_SECONDS)

  return {
    async start(userId: string, role: string, meta: { userAgent?: string | undefined; ip?: string | undefined }): Promise<IssuedSession> {
      const { rows } = await db.query<{ id: string }>("insert into bff.session_families (user_id, user_agent, ip) values ($1, $2, $3) returning id", [
        userId,
        meta.userAgent?.slice(0, 300) ?? null,
        meta.ip ?? null,
      ])
      const familyId = rows[0]!.id
      return { accessToken: accessToken(userId, role, familyId), refreshToken: await issueRefreshToken(db, familyId), familyId }
    },

    /** Swaps a refresh token for a new one; a token used twice revokes its whole family. */
    async rotate(refreshToken: string): Promise<RefreshOutcome> {
      const outcome = await transaction(db, async (client): Promise<RefreshOutcome> => {
        const { rows } = await client.query<{
          family_id: string
          expires_at: Date
          rotated_at: Date | null
          revoked_at: Date | null
          user_id: string
          role: string
        }>(
          `select t.family_id, t.expires_at, t.rotated_at, f.revoked_at, u.id as user_id, u.role
             from bff.refresh_tokens t
             join bff.session_families f on f.id = t.family_id
             join bff.users u on u.id = f.user_id
            where t.token_hash = $1
            for update of t, f`,
          [sha256(refreshToken)],
        )
        const row = rows[0]
        if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return { kind: "invalid" }
        if (row.rotated_at) {
          await client.query("update bff.session_families set revoked_at = now() where id = $1 and revoked_at is null", [row.family_id])
          return { kind: "reused" }
        }
        await client.query("update bff.refresh_tokens set rotated_at = now() where token_hash = $1", [sha256(refreshToken)])
        const next = await issueRefreshToken(client, row.family_id)
        return {
          kind: "rotated",
          userId: row.user_id,
          session: { accessToken: accessToken(row.user_id, row.role, row.family_id), refreshToken: next, familyId: row.family_id },
        }
      })
      if (outcome.kind === "reused") onRevoked()
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

    async revokeAllForUser(userId: string): Promise<void> {
      await db.query("update bff.session_families set revoked_at = now() where user_id = $1 and revoked_at is null", [userId])
      onRevoked()
    },
  }
}

export type SessionStore = ReturnType<typeof sessionStore>
