import { useId } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { Dialog } from "@/components/ui/dialog"
import { paths } from "@/config/paths"
import { sessionStore, storageKeys } from "@/lib/storage"

/** What a signed-out visitor tried; the feed finishes it after sign-in (spec section 4). */
export type SignInIntent = "like" | "comment" | "create" | "report"

export const SIGN_IN_INTENT_TEXT: Record<SignInIntent, string> = {
  like: "You need to be signed in to like posts",
  comment: "You need to be signed in to comment on posts",
  create: "You need to be signed in to create a post",
  report: "You need to be signed in to report posts",
}

/** Whether a query's `intent` is one the feed can ask a visitor to sign in for. */
export const isSignInIntent = (value: string | null): value is SignInIntent => value !== null && Object.hasOwn(SIGN_IN_INTENT_TEXT, value)

/**
 * The query parameters that carry an intent through /login (`product`: the product a new post is about, as the
 * delivered e-mail links); the screen drops them once it is done.
 */
export const INTENT_PARAMS = ["intent", "post", "product"] as const

/** /login with `next` (where to come back), `intent`, `post` and `product`, which the login page passes on. */
export function signInIntentHref(next: string, intent: SignInIntent, postId: string | null, productId: string | null = null): string {
  const query = new URLSearchParams({ next, intent })
  if (postId) query.set("post", postId)
  if (productId) query.set("product", productId)
  return `${paths.login}?${query.toString()}`
}

type SignInIntentDialogProps = {
  /** The intent to ask about; the dialog is closed while null. */
  intent: SignInIntent | null
  postId: string | null
  /** The product a post to create is about, carried through sign-in. */
  productId?: string | null
  onClose: () => void
}

/** "Sign in to continue": 'Not now' closes it, 'Sign in' goes to /login and comes back here with the intent. */
export function SignInIntentDialog({ intent, postId, productId = null, onClose }: SignInIntentDialogProps) {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const textId = useId()

  const signIn = (chosen: SignInIntent) => {
    const query = new URLSearchParams(search)
    for (const name of INTENT_PARAMS) query.delete(name)
    const rest = query.toString()
    const next = rest ? `${pathname}?${rest}` : pathname
    sessionStore.set(storageKeys.returnToPath, next)
    onClose()
    void navigate(signInIntentHref(next, chosen, postId, productId))
  }

  return (
    <Dialog open={intent !== null} onClose={onClose} title="Sign in to continue" className="dialog--prompt" describedBy={textId}>
      <p id={textId} className="dialog__text">
        {intent ? SIGN_IN_INTENT_TEXT[intent] : null}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Not now
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            if (intent) signIn(intent)
          }}
        >
          Sign in
        </button>
      </div>
    </Dialog>
  )
}
