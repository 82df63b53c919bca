import { useCallback } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { paths } from "@/config/paths"
import { sessionStore, storageKeys } from "@/lib/storage"

/**
 * Sends the visitor to /login, remembering this screen (path and query) in session storage under
 * return_to_path and as `next`, so signing in comes back here.
 */
export function useGoToSignIn(): () => void {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  return useCallback(() => {
    const returnTo = `${pathname}${search}`
    sessionStore.set(storageKeys.returnToPath, returnTo)
    void navigate(`${paths.login}?next=${encodeURIComponent(returnTo)}`)
  }, [navigate, pathname, search])
}
