import type { User } from "./users.js"

/**
 * The signed-in session as the browser keeps it, shared by the storefront and the console. Both apps are
 * served from one origin, keep the session under the same local-storage keys and ride on one httpOnly
 * refresh cookie, whose token the BFF rotates at every refresh and treats as stolen when it comes back
 * twice (revoking the session everywhere). So every tab of both apps refreshes by the rules below, or one
 * app would sign the other out. Framework-free, and naming no browser global the BFF's types lack.
 */

/** The local-storage keys of the signed-in session (the spec's names). */
export const SESSION_STORAGE_KEYS = { accessToken: "accessToken", me: "me" } as const

/** The BFF's one refresh call, for shoppers and staff alike. */
export const REFRESH_PATH = "/api/auth/refresh"

/** The Web Lock every tab of both apps holds while it refreshes. */
export const REFRESH_LOCK_NAME = "fitshop-auth-refresh"

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

const optionalText = (value: unknown): string | null => (typeof value === "string" && value ? value : null)

/** Reads a user the BFF sent (or either app stored), tolerating missing optional fields. */
export function parseUser(value: unknown): User | null {
  if (!isRecord(value)) return null
  const id = typeof value.id === "number" ? String(value.id) : value.id
  if (typeof id !== "string" || !id) return null
  return {
    id,
    name: typeof value.name === "string" ? value.name : "",
    email: typeof value.email === "string" ? value.email : "",
    handle: typeof value.handle === "string" ? value.handle : "",
    avatarUrl: optionalText(value.avatarUrl),
    phone: optionalText(value.phone),
    role: value.role === "admin" ? "admin" : "customer",
  }
}

/** An answer carrying a session (login, verify-email, refresh), or null when it carries none. */
export function parseAuthSession(value: unknown): { accessToken: string; user: User | null } | null {
  if (!isRecord(value) || typeof value.accessToken !== "string" || !value.accessToken) return null
  return { accessToken: value.accessToken, user: parseUser(value.user) }
}

/** Whether another tab's storage write (a `storage` event's key; null when it cleared everything) touched the session. */
export const isSessionStorageKey = (key: string | null): boolean => key === null || key === SESSION_STORAGE_KEYS.accessToken || key === SESSION_STORAGE_KEYS.me

/** Where an app keeps its session: its own storage code, which also tells its screens. */
export type SessionKeeper = {
  /** The stored access token, as any tab of either app last wrote it. */
  accessToken(): string | null
  /** Keeps a refreshed token; the user is replaced only when the answer carried one. */
  keep(accessToken: string, user: User | null): void
  /** Ends the session after the BFF refused to refresh it. */
  end(): void
}

type LockManager = { request<T>(name: string, run: () => Promise<T>): Promise<T> }

/** The browser's Web Locks, where it has them (not in old browsers, Node or jsdom). */
function webLocks(): LockManager | undefined {
  const navigator: unknown = (globalThis as { navigator?: unknown }).navigator
  const locks = isRecord(navigator) ? navigator.locks : undefined
  return isRecord(locks) && typeof locks.request === "function" ? (locks as LockManager) : undefined
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text())
  } catch {
    return null
  }
}

export type SessionRefresher = {
  /**
   * A fresh access token for the stored session, or null (and the session ended) when the BFF refuses.
   * Given the token a call was `rejected` with, answers at once the one stored since, if another call or tab renewed it.
   */
  refresh(rejected?: string | null): Promise<string | null>
  /** Drops a refresh still in flight; tests start each case as a fresh page load. */
  reset(): void
}

/**
 * The refresh rules of both apps. A call refused with a token that was renewed meanwhile retries with the
 * new one. In a tab, concurrent callers share one request. Across tabs of both apps,
 * refreshes take turns under one Web Lock, and a tab that waited its turn first reads the stored token: when
 * another tab refreshed meanwhile it takes that token instead of spending the cookie again. A refused refresh
 * ends the session, unless another tab stored a new one meanwhile (a sign-in there), which is kept.
 */
export function sessionRefresher(keeper: SessionKeeper, { headers = () => ({}) }: { headers?: () => Record<string, string> } = {}): SessionRefresher {
  let inFlight: Promise<string | null> | null = null

  async function refreshAfter(stale: string | null): Promise<string | null> {
    const stored = keeper.accessToken()
    if (stored && stored !== stale) return stored
    try {
      const response = await fetch(REFRESH_PATH, { method: "POST", headers: { Accept: "application/json", ...headers() }, credentials: "include" })
      const session = response.ok ? parseAuthSession(await readJson(response)) : null
      if (session) {
        keeper.keep(session.accessToken, session.user)
        return session.accessToken
      }
    } catch {
      // A network failure ends the session like a refused refresh does.
    }
    const meanwhile = keeper.accessToken()
    if (meanwhile && meanwhile !== stale) return meanwhile
    keeper.end()
    return null
  }

  return {
    refresh(rejected) {
      const stale = keeper.accessToken()
      if (rejected !== undefined && stale && stale !== rejected) return Promise.resolve(stale)
      if (inFlight) return inFlight
      const locks = webLocks()
      const run = () => refreshAfter(stale)
      const flight = (locks ? locks.request(REFRESH_LOCK_NAME, run) : run()).finally(() => {
        if (inFlight === flight) inFlight = null
      })
      inFlight = flight
      return flight
    },
    reset() {
      inFlight = null
    },
  }
}
