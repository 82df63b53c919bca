import { useQueryClient } from "@tanstack/react-query"
import { createContext, startTransition, use, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react"
import { Navigate, useLocation } from "react-router-dom"
import { paths } from "@/config/paths"
import type { AuthSession, User } from "@fitshop/contracts"
import { ApiError, apiClient, refreshAccessToken } from "./api-client"
import { SIGNED_OUT, clearSession, parseUser, readSession, saveSession, storeUser, subscribeSession } from "./session"

export const getMe = (signal?: AbortSignal) => apiClient.get<{ user: User }>("/api/auth/me", { signal })

export const logoutOnServer = () => apiClient.post<null>("/api/auth/logout")

/** Spec: on load, refresh the token, then fetch the current user; any failure clears the session. */
async function restoreSession(): Promise<void> {
  const accessToken = await refreshAccessToken()
  if (!accessToken) return
  try {
    const user = parseUser((await getMe()).user)
    if (user) storeUser(user)
    else clearSession()
  } catch {
    clearSession()
  }
}

const SessionReadyContext = createContext(false)

/** Restores the session once per page load, then marks it ready for protected screens. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    // Every reader of the session re-renders (a shop page's 24 cards): as a transition, in slices the page can answer between.
    void restoreSession().finally(() => {
      startTransition(() => setReady(true))
    })
  }, [])

  return <SessionReadyContext value={ready}>{children}</SessionReadyContext>
}

/** The stored session; signed-in state is judged by the stored token. Pages the server rendered start signed out, then follow the stored one. */
export function useSession() {
  const ready = use(SessionReadyContext)
  const { accessToken, user } = useSyncExternalStore(subscribeSession, readSession, () => SIGNED_OUT)
  return { ready, accessToken, user, isSignedIn: accessToken !== null }
}

/** Stores a new session; cached data belonged to whoever was signed in before. */
export function useSignIn() {
  const queryClient = useQueryClient()
  return useCallback(
    (session: AuthSession) => {
      saveSession(session)
      queryClient.clear()
    },
    [queryClient],
  )
}

const serverAnswered = (error: unknown) => error instanceof ApiError && error.status < 500

/**
 * Ends the session on the server, then locally even when the server cannot be reached; in that case
 * `whenServerUnreachable` runs first (to tell the person) and the local logout waits for it.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return useCallback(
    async (whenServerUnreachable?: () => Promise<void>): Promise<void> => {
      const reachedServer = await logoutOnServer().then(() => true, serverAnswered)
      if (!reachedServer && whenServerUnreachable) await whenServerUnreachable()
      clearSession()
      queryClient.clear()
    },
    [queryClient],
  )
}

function SessionLoading() {
  return (
    <div className="page">
      <p className="muted" role="status">
        Loading…
      </p>
    </div>
  )
}

/** Signed-out visitors go to /login with the screen they asked for as `next`. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { ready, isSignedIn } = useSession()
  const location = useLocation()

  if (!ready) return <SessionLoading />
  if (!isSignedIn) {
    const next = `${location.pathname}${location.search}`
    return <Navigate to={`${paths.login}?next=${encodeURIComponent(next)}`} replace state={{ from: location }} />
  }
  return children
}
