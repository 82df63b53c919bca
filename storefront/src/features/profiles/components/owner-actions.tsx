import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { paths } from "@/config/paths"
import { useLogout, useSession } from "@/lib/auth"
import type { Profile, User } from "@fitshop/contracts"
import { PROFILES_QUERY_KEY } from "../api/get-profile"
import { isSignInRefusal, signInHref } from "../utils/me-mode"
import { EditProfileDialog } from "./edit-profile-dialog"

/** The owner's Edit profile and Logout; a save refused with 401 or 403 sends them to sign in. */
export function OwnerActions({ profile }: { profile: Profile }) {
  const { user } = useSession()
  const [editing, setEditing] = useState(false)
  const [loggingOut, setLoggingOut] = useState(false)
  const logout = useLogout()
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()

  // The header and the posts' author lines show the name, handle and avatar just edited.
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY })

  const close = () => {
    setEditing(false)
    void refresh()
  }

  const saved = (next: User) => {
    close()
    if (next.handle && next.handle !== profile.user.handle) {
      void navigate(paths.fitProfile(`@${next.handle}`), { replace: true })
    }
  }

  const failed = (error: unknown) => {
    if (isSignInRefusal(error)) void navigate(signInHref(location), { replace: true })
  }

  // useLogout ends the local session even when the server cannot be reached.
  const signOut = () => {
    setLoggingOut(true)
    void logout().then(() => navigate(paths.login, { replace: true }))
  }

  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          setEditing(true)
        }}
      >
        Edit profile
      </button>
      <button type="button" className="button" onClick={signOut} disabled={loggingOut}>
        Logout
      </button>
      <EditProfileDialog open={editing} user={user ?? profile.user} onClose={close} onSaved={saved} onFailure={failed} />
    </>
  )
}
