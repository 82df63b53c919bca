import { useEffect, useState } from "react"
import { Avatar } from "@/components/ui/avatar"
import { ProfileForm } from "@/components/ui/profile-form"
import type { User } from "@fitshop/contracts"
import { AccountData } from "./account-data"
import { MarketingChoice } from "./marketing-choice"

const PROFILE_SAVED_MESSAGE_MS = 3000

function ProfileView({ user, onEdit }: { user: User; onEdit: () => void }) {
  return (
    <div className="profile-view">
      <Avatar user={user} />
      <dl className="profile-view__details">
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>Handle</dt>
        <dd>{user.handle ? `@${user.handle}` : null}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
      </dl>
      <button type="button" className="button" onClick={onEdit}>
        Edit profile
      </button>
    </div>
  )
}

/** The account's Profile tab: view, then edit name, @handle and avatar; the marketing choice; the person's data rights. */
export function ProfileTab({ user }: { user: User }) {
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)

  useEffect(() => {
    if (!saved) return
    const timer = setTimeout(() => {
      setSaved(false)
    }, PROFILE_SAVED_MESSAGE_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [saved])

  return (
    <>
      {saved ? (
        <p className="auth-form__note" role="status">
          Profile updated successfully.
        </p>
      ) : null}
      {editing ? (
        <ProfileForm
          user={user}
          failureText="Could not update profile"
          onCancel={() => {
            setEditing(false)
          }}
          onSaved={() => {
            setEditing(false)
            setSaved(true)
          }}
        />
      ) : (
        <ProfileView
          user={user}
          onEdit={() => {
            setEditing(true)
            setSaved(false)
          }}
        />
      )}
      <MarketingChoice />
      <AccountData />
    </>
  )
}
