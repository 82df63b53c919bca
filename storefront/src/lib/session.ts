import { isSessionStorageKey, parseUser, type AuthSession, type User } from "@fitshop/contracts"
import { localStore, storageKeys } from "./storage"

export type Session = {
  accessToken: string | null
  user: User | null
}

/** Reading a user and a session answer is shared with the console (contracts/src/session.ts). */
export { parseAuthSession, parseUser } from "@fitshop/contracts"

function parseStoredUser(raw: string | null): User | null {
  if (!raw) return null
  try {
    return parseUser(JSON.parse(raw))
  } catch {
    return null
  }
}

/** No one signed in: what the server renders (it never sees a session) and the browser's first render matches. */
export const SIGNED_OUT: Session = { accessToken: null, user: null }

let cached: { accessToken: string | null; rawUser: string | null; session: Session } | null = null
let ended = false
const listeners = new Set<() => void>()

/** The stored session; the same object while storage is unchanged, as useSyncExternalStore needs. */
export function readSession(): Session {
  const accessToken = localStore.get(storageKeys.accessToken) || null
  const rawUser = localStore.get(storageKeys.me)
  if (cached && cached.accessToken === accessToken && cached.rawUser === rawUser) return cached.session
  const user = parseStoredUser(rawUser)
  // Nobody signed in is SIGNED_OUT itself, the server's snapshot: hydrating a visitor's page then renders nothing twice.
  const session: Session = accessToken || user ? { accessToken, user } : SIGNED_OUT
  cached = { accessToken, rawUser, session }
  return session
}

export const getAccessToken = (): string | null => readSession().accessToken

/** Calls `listener` when this tab or another one changes the stored session. */
export function subscribeSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (isSessionStorageKey(event.key)) listener()
  }
  listeners.add(listener)
  window.addEventListener("storage", onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener("storage", onStorage)
  }
}

function notify(): void {
  for (const listener of listeners) listener()
}

export function saveSession({ accessToken, user }: AuthSession): void {
  localStore.set(storageKeys.accessToken, accessToken)
  localStore.set(storageKeys.me, JSON.stringify(user))
  ended = false
  notify()
}

/** Keeps a refreshed token; the user is replaced only when the answer carried one. */
export function storeAccessToken(accessToken: string, user: User | null): void {
  localStore.set(storageKeys.accessToken, accessToken)
  if (user) localStore.set(storageKeys.me, JSON.stringify(user))
  ended = false
  notify()
}

export function storeUser(user: User): void {
  localStore.set(storageKeys.me, JSON.stringify(user))
  notify()
}

export function clearSession(): void {
  localStore.remove(storageKeys.accessToken)
  localStore.remove(storageKeys.me)
  ended = true
  notify()
}

/** True once this page cleared the session, so calls without a token stop trying to refresh. */
export const hasSessionEnded = (): boolean => ended

/** Forgets that the session ended, as a fresh page load would; tests start each case this way. */
export function resetSessionMemory(): void {
  ended = false
  cached = null
}
