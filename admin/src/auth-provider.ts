import type { AuthProvider, UserIdentity } from "react-admin"
import { isRecord } from "./lib/guards"
import { authorizedJson, publicJson } from "./lib/http-client"
import { clearSession, getAccessToken, getSessionUser, isSessionUser, saveSession } from "./lib/session"

type Credentials = { email: string; password: string }

const statusOf = (error: unknown): unknown => (isRecord(error) ? error.status : undefined)

/** Staff sign in with the BFF's own login; the session is the Bearer token and user the storefront also uses. */
export const authProvider = {
  async login({ email, password }: Credentials) {
    const body = await publicJson("/api/auth/login", { method: "POST", body: { email, password } })
    const accessToken = isRecord(body) ? body.accessToken : null
    const user = isRecord(body) ? body.user : null
    if (typeof accessToken !== "string" || !accessToken || !isSessionUser(user)) {
      throw new Error("Sign-in failed: the server sent no session.")
    }
    saveSession(accessToken, user)
  },

  async logout() {
    if (getAccessToken()) {
      await authorizedJson("/api/auth/logout", { method: "POST" }, { retryAfterRefresh: false }).catch(() => undefined)
    }
    clearSession()
  },

  checkAuth(): Promise<void> {
    return getAccessToken() ? Promise.resolve() : Promise.reject(new Error("Not signed in."))
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

  getPermissions(): Promise<string | undefined> {
    return Promise.resolve(getSessionUser()?.role ?? undefined)
  },
} satisfies AuthProvider
