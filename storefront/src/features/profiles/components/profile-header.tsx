import type { ReactNode } from "react"
import { Avatar } from "@/components/ui/avatar"
import type { Profile } from "@fitshop/contracts"

const PROFILE_AVATAR_SIZE = 96

type ProfileHeaderProps = {
  profile: Profile
  /** Follow for others; Edit profile and Logout for the owner. */
  actions: ReactNode
}

/** The profile's top: avatar, name, @handle, the posts, followers and following counts, and the actions. */
export function ProfileHeader({ profile, actions }: ProfileHeaderProps) {
  const { user, counts } = profile
  const figures = [
    { label: "posts", value: counts.posts },
    { label: "followers", value: counts.followers },
    { label: "following", value: counts.following },
  ]
  return (
    <header className="fit-profile__header">
      <Avatar user={user} size={PROFILE_AVATAR_SIZE} className="fit-profile__avatar" />
      <div className="fit-profile__about">
        <h1 className="fit-profile__name">{user.name || `@${user.handle}`}</h1>
        {user.handle ? <p className="fit-profile__handle">@{user.handle}</p> : null}
        <ul className="fit-profile__counts" aria-label="Profile counts">
          {figures.map((figure) => (
            <li key={figure.label}>
              <strong>{figure.value}</strong> {figure.label}
            </li>
          ))}
        </ul>
        <div className="fit-profile__actions">{actions}</div>
      </div>
    </header>
  )
}
