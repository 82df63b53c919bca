import { useState } from "react"
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from "react-router-dom"
import { Page } from "@/components/ui/page"
import { errorMessage } from "@/lib/api-client"
import { useSession } from "@/lib/auth"
import { useDocumentMeta } from "@/lib/document-meta"
import { privatePageMeta, profileMeta } from "@fitshop/contracts"
import { useProfile } from "../api/get-profile"
import { FollowButton } from "../components/follow-button"
import { OwnerActions } from "../components/owner-actions"
import { PostGrid } from "../components/post-grid"
import { PostViewer } from "../components/post-viewer"
import { ProfileHeader } from "../components/profile-header"
import { isSignInRefusal, namesSessionUser, signInHref } from "../utils/me-mode"
import { POST_VIEWER_PARAM, isViewerOpenedHere } from "../utils/post-viewer-param"
import "../profiles.css"

function ProfileProblem({ text }: { text: string }) {
  return (
    <Page title="FitProfile">
      <p className="inline-error" role="alert">
        {text}
      </p>
    </Page>
  )
}

/** Until the profile arrives, the tab names the page and nothing is claimed for search engines. */
const LOADING_META = privatePageMeta("FitProfile")

function FitProfile({ profileKey }: { profileKey: string }) {
  const profile = useProfile(profileKey)
  useDocumentMeta(profile.data ? profileMeta(profile.data) : LOADING_META)
  const { user } = useSession()
  // Judged once: a refused session is cleared before its 401 arrives here.
  const [keyIsMine] = useState(() => namesSessionUser(profileKey, user))
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams, setSearchParams] = useSearchParams()
  const viewing = searchParams.get(POST_VIEWER_PARAM)

  const closeViewer = () => {
    if (isViewerOpenedHere(location.state)) {
      void navigate(-1)
      return
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(POST_VIEWER_PARAM)
        return next
      },
      { replace: true },
    )
  }

  if (profile.isPending) {
    return (
      <Page title="FitProfile">
        <p className="muted" role="status">
          Loading…
        </p>
      </Page>
    )
  }
  if (profile.isError && isSignInRefusal(profile.error) && (keyIsMine || profile.data?.isMe)) {
    return <Navigate to={signInHref(location)} replace />
  }
  if (!profile.data) return <ProfileProblem text={errorMessage(profile.error, "Failed to load profile.")} />

  const shown = profile.data
  return (
    <div className="page fit-profile">
      <ProfileHeader profile={shown} actions={shown.isMe ? <OwnerActions profile={shown} /> : <FollowButton profile={shown} profileKey={profileKey} />} />
      <section className="fit-profile__posts">
        <PostGrid profileKey={profileKey} />
      </section>
      {viewing ? <PostViewer profileKey={profileKey} postId={viewing} onClose={closeViewer} /> : null}
    </div>
  )
}

/**
 * The public FitProfile (/fit/@handle, /fit/handle, /fit/{id}, /fit/u/{userId}): someone's posts with
 * Follow, or, for the owner, Edit profile and Logout.
 */
export function ProfilePage() {
  const { handleOrId, userId } = useParams()
  const key = (userId ?? handleOrId ?? "").trim()
  if (!key) return <ProfileProblem text="Missing profile identifier." />
  return <FitProfile key={key} profileKey={key} />
}
