import type { IncomingMessage } from "node:http"
import type { NextFunction, Request, RequestHandler, Response } from "express"
import { prepared, type Db } from "../lib/db.js"
import { verifyAccessToken } from "../lib/tokens.js"
import { forbidden, unauthorized } from "./errors.js"

export type AuthUser = { id: string; role: string; sessionId: string }

declare module "express-serve-static-core" {
  interface Request {
    user?: AuthUser
  }
}

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  return header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined
}

/**
 * How long a session family found live (and its user's role) is trusted without asking PostgreSQL again.
 * A revocation or role change made by this process forgets every trusted family at once; one made by
 * another replica (or by hand in SQL) is seen here within this time. Every signed-in request would
 * otherwise pay a database round trip for the check.
 */
export const SESSION_RECHECK_MS = 1000
/** Trusted families kept at most; past it the memory starts over (a busy second asks PostgreSQL again). */
const TRUSTED_FAMILIES = 50_000

/**
 * Reads the Bearer access token: a valid signature and expiry, and a session family neither revoked nor
 * past its absolute end (so logout and password reset end access at once, not when the 15 minutes run
 * out). The role is the user's role now, read with that check, never the token's claim: a demoted admin
 * is refused on their next request.
 */
export function authentication(db: Db, secret: string, now: () => number = Date.now) {
  /** `family:user` → when it was last found live, and the user's role then. */
  const trusted = new Map<string, { checkedAt: number; role: string }>()
  // Bumped by every forget: a check that was already under way when a revocation happened is not kept.
  let generation = 0

  /** The role of the family's user if the family is live, else undefined. */
  async function liveRole(familyId: string, userId: string): Promise<string | undefined> {
    const key = `${familyId}:${userId}`
    const known = trusted.get(key)
    if (known !== undefined && now() - known.checkedAt < SESSION_RECHECK_MS) return known.role
    const [startedAt, startedIn] = [now(), generation]
    // Every signed-in request may ask this, so it is parsed and planned once per connection.
    const { rows } = await db.query<{ role: string }>(
      prepared(
        `select u.role from bff.session_families f join bff.users u on u.id = f.user_id
          where f.id = $1 and f.user_id = $2 and f.revoked_at is null and f.ends_at > now()`,
        [familyId, userId],
      ),
    )
    const role = rows[0]?.role
    if (role === undefined) return undefined
    if (startedIn === generation) {
      if (trusted.size >= TRUSTED_FAMILIES) trusted.clear()
      trusted.set(key, { checkedAt: startedAt, role })
    }
    return role
  }

  /** The signed-in user of any request (Express's or Node's own, for reads answered before Express). */
  async function userOf(req: IncomingMessage): Promise<AuthUser | undefined> {
    const token = bearer(req)
    if (!token) return undefined
    const claims = verifyAccessToken(token, secret)
    if (!claims) return undefined
    const role = await liveRole(claims.sid, claims.sub)
    return role === undefined ? undefined : { id: claims.sub, role, sessionId: claims.sid }
  }

  /** Called after this process revoked any session or changed a role: nothing trusted before it is trusted any more. */
  const forgetTrustedSessions = () => {
    generation += 1
    trusted.clear()
  }

  const optionalUser: RequestHandler = async (req: Request, _res: Response, next: NextFunction) => {
    req.user = await userOf(req)
    next()
  }

  const requireUser: RequestHandler = async (req: Request, _res: Response, next: NextFunction) => {
    req.user = await userOf(req)
    if (!req.user) throw unauthorized()
    next()
  }

  /** Staff only (every /api/admin route): 401 for the anonymous, 403 for a shopper. */
  const requireStaff: RequestHandler = async (req: Request, _res: Response, next: NextFunction) => {
    req.user = await userOf(req)
    if (!req.user) throw unauthorized()
    if (req.user.role !== "admin") throw forbidden()
    next()
  }

  return { userOf, optionalUser, requireUser, requireStaff, forgetTrustedSessions }
}

export type Authentication = ReturnType<typeof authentication>

/** The signed-in user of a route behind requireUser. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw unauthorized()
  return req.user
}
