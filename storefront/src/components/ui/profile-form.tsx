import { PROFILE_HANDLE_INVALID, PROFILE_HANDLE_TAKEN } from "@fitshop/contracts"
import { useState, type ChangeEvent } from "react"
import { useForm } from "@/hooks/use-form"
import { useUpdateProfile } from "@/lib/api/update-profile"
import { useUploadAvatar } from "@/lib/api/upload-avatar"
import { errorMessage } from "@/lib/api-client"
import { useHandleField } from "@/lib/check-handle"
import { storeUser } from "@/lib/session"
import type { User } from "@fitshop/contracts"
import { Avatar } from "./avatar"
import { Field } from "./field"
import { FormError } from "./form-error"
import { HandleField } from "./handle-field"

const HANDLE_TEXTS = { invalid: PROFILE_HANDLE_INVALID, taken: PROFILE_HANDLE_TAKEN }

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
  const [avatarError, setAvatarError] = useState<string | null>(null)
  const update = useUpdateProfile()
  const upload = useUploadAvatar()
  const form = useForm({
    initial: { name: user.name, handle: user.handle },
    validate: (values) => ({ name: !values.name.trim(), handle: handleField.problem }),
    onSubmit: ({ name, handle }) => {
      update.mutate(
        { name: name.trim(), handle },
        {
          onSuccess: (answer) => {
            storeUser(answer.user)
            onSaved(answer.user)
          },
          onError: (failure) => {
            form.setError(errorMessage(failure, failureText))
            onFailure?.(failure)
          },
        },
      )
    },
  })
  const handleField = useHandleField(form, HANDLE_TEXTS, user.handle)

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

  return (
    <form className="profile-form" onSubmit={form.submit}>
      <div className="profile-form__avatar">
        <Avatar user={user} />
        <Field
          id={form.idOf("avatar")}
          label="Avatar"
          type="file"
          accept="image/*"
          disabled={upload.isPending}
          aria-busy={upload.isPending || undefined}
          error={avatarError}
          onChange={chooseAvatar}
        />
      </div>
      <Field {...form.field("name")} label="Name" autoComplete="name" required />
      <HandleField {...handleField.field} />
      <FormError message={form.error} />
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending || handleField.availability === "taken"}>
          {update.isPending ? "Saving…" : "Save"}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={update.isPending}>
          Cancel
        </button>
      </div>
    </form>
  )
}
