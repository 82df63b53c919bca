import { parseUser, SESSION_STORAGE_KEYS, type User } from "@fitshop/contracts"

/** Local-storage keys of the signed-in session, shared with the storefront (the spec's names). */
export const ACCESS_TOKEN_KEY = SESSION_STORAGE_KEYS.accessToken
export const USER_KEY = SESSION_STORAGE_KEYS.me

/** The signed-in person as the BFF sends them (the storefront reads the same stored user). */
export type SessionUser = User

/** Storage can be switched off or full: the console then behaves as if nothing was stored. */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    return
  }
}

/** The stored access token, whichever app (and tab) stored it last. */
export function getAccessToken(): string | null {
  return stored(ACCESS_TOKEN_KEY) || null
}

/** The stored user, or null when it is missing or not what the BFF sends. */
export function getSessionUser(): SessionUser | null {
  const raw = stored(USER_KEY)
  if (!raw) return null
  try {
    return parseUser(JSON.parse(raw))
  } catch {
    return null
  }
}

/** Only staff (role admin) get into the console; a shopper's session, shared with the shop, does not. */
export const isStaff = (user: SessionUser | null): boolean => user?.role === "admin"

export function saveSession(accessToken: string, user: SessionUser): void {
  store(ACCESS_TOKEN_KEY, accessToken)
  store(USER_KEY, JSON.stringify(user))
}

/** Keeps a refreshed token; the user is replaced only when the answer carried one. */
export function storeAccessToken(accessToken: string, user: SessionUser | null): void {
  store(ACCESS_TOKEN_KEY, accessToken)
  if (user) store(USER_KEY, JSON.stringify(user))
}

export function clearSession(): void {
  store(ACCESS_TOKEN_KEY, null)
  store(USER_KEY, null)
}
