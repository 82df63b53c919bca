import { Dialog } from "@/components/ui/dialog"
import { ProfileForm } from "@/components/ui/profile-form"
import type { User } from "@fitshop/contracts"

type EditProfileDialogProps = {
  open: boolean
  user: Pick<User, "name" | "handle" | "avatarUrl">
  onClose: () => void
  onSaved: (user: User) => void
  onFailure: (error: unknown) => void
}

/** The owner's Edit profile dialog: the account's profile form (name, @handle, avatar) in a dialog. */
export function EditProfileDialog({ open, user, onClose, onSaved, onFailure }: EditProfileDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit profile" className="dialog--form" closeButton>
      <ProfileForm user={user} failureText="Failed to save profile" onSaved={onSaved} onCancel={onClose} onFailure={onFailure} />
    </Dialog>
  )
}
