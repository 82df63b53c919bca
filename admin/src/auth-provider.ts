import { parseAuthSession } from "@fitshop/contracts"
import type { AuthProvider, UserIdentity } from "react-admin"
import { isRecord } from "./lib/guards"
import { authorizedJson, PERMISSION_DENIED_MESSAGE, publicJson } from "./lib/http-client"
import { clearSession, getAccessToken, getSessionUser, isStaff, saveSession } from "./lib/session"

type Credentials = { email: string; password: string }

/** The console's own sign-in (Medusa admin users); refresh and logout are the shop's, as the session is. */
export const STAFF_LOGIN_PATH = "/api/admin/auth/login"
export const LOGOUT_PATH = "/api/auth/logout"

const statusOf = (error: unknown): unknown => (isRecord(error) ? error.status : undefined)

/** Shown on the login page to a shopper whose shop session reached the console. */
const notStaff = () => new Error(PERMISSION_DENIED_MESSAGE)

/** Why the console turns the stored session away (a shopper's, stored by the shop), for the login page; null when it does not. */
export function sessionRefusal(): string | null {
  return getAccessToken() && !isStaff(getSessionUser()) ? PERMISSION_DENIED_MESSAGE : null
}

/**
 * Staff sign in at the console's door; the session is the Bearer token and user the storefront keeps under the
 * same keys. Only staff (role admin) get in. A shopper's session, which the console sees because the shop
 * stored it, sends them to the login page with the permission text and is left alone: the console never
 * signs anyone out of the shop but its own staff.
 */
export const authProvider = {
  async login({ email, password }: Credentials) {
    const session = parseAuthSession(await publicJson(STAFF_LOGIN_PATH, { method: "POST", body: { email, password } }))
    if (!session?.user) throw new Error("Sign-in failed: the server sent no session.")
    if (!isStaff(session.user)) throw notStaff()
    saveSession(session.accessToken, session.user)
  },

  async logout() {
    if (!getAccessToken() || !isStaff(getSessionUser())) return
    await authorizedJson(LOGOUT_PATH, { method: "POST" }, { retryAfterRefresh: false }).catch(() => undefined)
    clearSession()
  },

  checkAuth(): Promise<void> {
    if (!getAccessToken()) return Promise.reject(new Error("Not signed in."))
    return sessionRefusal() ? Promise.reject(notStaff()) : Promise.resolve()
  },

  /** A 401 ends the session (react-admin then logs out); a 403 only means this account may not do that. */
  checkError(error: unknown): Promise<void> {
    return statusOf(error) === 401 ? Promise.reject(new Error("Your session has ended. Please sign in again.")) : Promise.resolve()
  },

  getIdentity(): Promise<UserIdentity> {
    const user = getSessionUser()
    if (!user) return Promise.reject(new Error("Not signed in."))
    return Promise.resolve({
      id: user.id,
      fullName: user.name || user.email || undefined,
      avatar: user.avatarUrl || undefined,
    })
  },

  getPermissions(): Promise<string> {
    const user = getSessionUser()
    return user && isStaff(user) ? Promise.resolve(user.role) : Promise.reject(notStaff())
  },
} satisfies AuthProvider
