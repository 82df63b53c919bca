import type { NextFunction, Request, RequestHandler, Response } from "express"
import { prepared, type Db } from "../lib/db.js"
import { verifyAccessToken } from "../lib/tokens.js"
import { unauthorized } from "./errors.js"

export type AuthUser = { id: string; role: string; sessionId: string }

declare module "express-serve-static-core" {
  interface Request {
    user?: AuthUser
  }
}

function bearer(req: Request): string | undefined {
  const header = req.get("authorization")
  return header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined
}

/**
 * Reads the Bearer access token: a valid signature and expiry, and a session family not revoked
 * (so logout and password reset end access at once, not when the 15 minutes run out).
 */
export function authentication(db: Db, secret: string) {
  async function resolve(req: Request): Promise<AuthUser | undefined> {
    const token = bearer(req)
    if (!token) return undefined
    const claims = verifyAccessToken(token, secret)
    if (!claims) return undefined
    // Every signed-in request asks this, so it is parsed and planned once per connection.
    const { rowCount } = await db.query(
      prepared("select 1 from bff.session_families where id = $1 and user_id = $2 and revoked_at is null", [claims.sid, claims.sub]),
    )
    return rowCount ? { id: claims.sub, role: claims.role, sessionId: claims.sid } : undefined
  }

  const optionalUser: RequestHandler = async (req: Request, _res: Response, next: NextFunction) => {
    req.user = await resolve(req)
    next()
  }

  const requireUser: RequestHandler = async (req: Request, _res: Response, next: NextFunction) => {
    req.user = await resolve(req)
    if (!req.user) throw unauthorized()
    next()
  }

  return { optionalUser, requireUser }
}

export type Authentication = ReturnType<typeof authentication>

/** The signed-in user of a route behind requireUser. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw unauthorized()
  return req.user
}
