import { useId, useState, type ChangeEvent, type FormEvent } from "react"
import { useUpdateProfile } from "@/lib/api/update-profile"
import { useUploadAvatar } from "@/lib/api/upload-avatar"
import { errorMessage } from "@/lib/api-client"
import { useHandleAvailability } from "@/lib/check-handle"
import { isValidHandle } from "@/lib/handle"
import { storeUser } from "@/lib/session"
import type { User } from "@/types/user"
import { Avatar } from "./avatar"
import { Field } from "./field"
import { FormError } from "./form-error"
import { HandleField } from "./handle-field"

type ProfileFormProps = {
  user: Pick<User, "name" | "handle" | "avatarUrl">
  /** The text shown when saving fails and the server gave none (the account and the FitProfile say it differently). */
  failureText: string
  onSaved: (user: User) => void
  onCancel: () => void
  /** Told of every failed save or upload, after its text is shown (the FitProfile sends a 401 or 403 to sign-in). */
  onFailure?: (error: unknown) => void
}

/**
 * Edits name, @handle (checked live, the own handle counting as available) and avatar; the saved or
 * uploaded user becomes the stored session user. Shared by the account's Profile tab and the FitProfile.
 */
export function ProfileForm({ user, failureText, onSaved, onCancel, onFailure }: ProfileFormProps) {
  const id = useId()
  const [name, setName] = useState(user.name)
  const [handle, setHandle] = useState(user.handle)
  const [triedSave, setTriedSave] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [avatarError, setAvatarError] = useState<string | null>(null)
  const availability = useHandleAvailability(handle, user.handle)
  const update = useUpdateProfile()
  const upload = useUploadAvatar()

  const handleError =
    availability === "taken"
      ? "This handle is not available."
      : availability === "invalid" || (triedSave && !isValidHandle(handle))
        ? "Enter a valid handle."
        : null

  const chooseAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    setAvatarError(null)
    upload.mutate(file, {
      onSuccess: (answer) => {
        storeUser(answer.user)
      },
      onError: (failure) => {
        setAvatarError(errorMessage(failure, "Could not upload image"))
        onFailure?.(failure)
      },
      onSettled: () => {
        input.value = ""
      },
    })
  }

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setTriedSave(true)
    setError(null)
    if (!name.trim()) {
      event.currentTarget.reportValidity()
      return
    }
    if (!isValidHandle(handle) || availability === "taken") return
    update.mutate(
      { name: name.trim(), handle },
      {
        onSuccess: (answer) => {
          storeUser(answer.user)
          onSaved(answer.user)
        },
        onError: (failure) => {
          setError(errorMessage(failure, failureText))
          onFailure?.(failure)
        },
      },
    )
  }

  return (
    <form className="profile-form" onSubmit={save}>
      <div className="profile-form__avatar">
        <Avatar user={user} />
        <Field
          id={`${id}-avatar`}
          label="Avatar"
          type="file"
          accept="image/*"
          disabled={upload.isPending}
          aria-busy={upload.isPending || undefined}
          error={avatarError}
          onChange={chooseAvatar}
        />
      </div>
      <Field
        id={`${id}-name`}
        label="Name"
        autoComplete="name"
        required
        value={name}
        onChange={(event) => {
          setName(event.target.value)
        }}
      />
      <HandleField
        id={`${id}-handle`}
        value={handle}
        onChange={(next) => {
          setHandle(next)
          setTriedSave(false)
        }}
        error={handleError}
        checking={availability === "checking"}
      />
      <FormError message={error} />
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending || availability === "taken"}>
          {update.isPending ? "Saving…" : "Save"}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={update.isPending}>
          Cancel
        </button>
      </div>
    </form>
  )
}
