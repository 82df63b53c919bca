import { isRecord } from "./guards"

/** Local-storage keys of the signed-in session, shared with the storefront (the spec's names). */
export const ACCESS_TOKEN_KEY = "accessToken"
export const USER_KEY = "me"

export type SessionUser = {
  id: string | number
  name?: string | null
  email?: string | null
  avatarUrl?: string | null
  role?: string | null
}

export function isSessionUser(value: unknown): value is SessionUser {
  return isRecord(value) && (typeof value.id === "string" || typeof value.id === "number")
}

export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY) || null
}

export function setAccessToken(accessToken: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken)
}

/** The stored user, or null when it is missing or not what the BFF sends. */
export function getSessionUser(): SessionUser | null {
  const stored = localStorage.getItem(USER_KEY)
  if (!stored) return null
  try {
    const parsed: unknown = JSON.parse(stored)
    return isSessionUser(parsed) ? parsed : null
  } catch {
    return null
  }
}

export function saveSession(accessToken: string, user: SessionUser): void {
  setAccessToken(accessToken)
  localStorage.setItem(USER_KEY, JSON.stringify(user))
}

export function clearSession(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY)
  localStorage.removeItem(USER_KEY)
}
