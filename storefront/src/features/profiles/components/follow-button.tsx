import { useGoToSignIn } from "@/hooks/use-go-to-sign-in"
import { isUnauthorized } from "@/lib/api-client"
import { useSession } from "@/lib/auth"
import type { Profile } from "@fitshop/contracts"
import { useFollowUser } from "../api/follow-user"

type FollowButtonProps = {
  profile: Profile
  profileKey: string
}

/** Follow / Following for someone else's profile; a signed-out visitor is sent to sign in first. */
export function FollowButton({ profile, profileKey }: FollowButtonProps) {
  const { isSignedIn } = useSession()
  const goToSignIn = useGoToSignIn()
  const follow = useFollowUser(profileKey)

  const toggle = () => {
    if (!isSignedIn) {
      goToSignIn()
      return
    }
    follow.mutate(
      { userId: profile.user.id, follow: !profile.isFollowing },
      {
        onError: (error) => {
          if (isUnauthorized(error)) goToSignIn()
        },
      },
    )
  }

  return (
    <button type="button" className={profile.isFollowing ? "button" : "button button--primary"} disabled={follow.isPending} onClick={toggle}>
      {profile.isFollowing ? "Following" : "Follow"}
    </button>
  )
}
