import { useId } from "react"
import { useGoToSignIn } from "@/hooks/use-go-to-sign-in"
import { Dialog } from "./dialog"

type SignInDialogProps = {
  open: boolean
  onClose: () => void
}

/** The prompt shown when a signed-out shopper (or a 401) tries to add to the bag or wardrobe. */
export function SignInDialog({ open, onClose }: SignInDialogProps) {
  const goToSignIn = useGoToSignIn()
  const textId = useId()

  const signIn = () => {
    onClose()
    goToSignIn()
  }

  return (
    <Dialog open={open} onClose={onClose} title="Sign in to continue" className="dialog--prompt" describedBy={textId}>
      <p id={textId} className="dialog__text">
        You need to be signed in to add items to your bag.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Not now
        </button>
        <button type="button" className="button button--primary" onClick={signIn}>
          Sign in
        </button>
      </div>
    </Dialog>
  )
}
