import { useRef, useState } from "react"
import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import { useTimeouts } from "@/hooks/use-timeouts"
import { useAddToCart } from "@/lib/api/add-to-cart"
import { isUnauthorized } from "@/lib/api-client"
import { useSession } from "@/lib/auth"
import { getReferralPostId } from "@/lib/referral"

/** Spec section 9 timing: the add animation, the wait before 'GO TO CART', the size hint's lifetime. */
export const ADD_ANIMATION_MS = 900
export const GO_TO_CART_DELAY_MS = 1000
export const SIZE_HINT_MS = 1600

type AddState = "add" | "adding" | "added" | "goto"

const LABELS: Record<Exclude<AddState, "goto">, string> = {
  add: "ADD TO BAG",
  adding: "ADDING...",
  added: "ADDED TO BAG",
}

type AddToBagButtonProps = {
  productId: string
  size: string | null
  /** The product has sizes, so one must be chosen first. */
  sizeRequired: boolean
  onSignInRequired: () => void
}

/**
 * add → adding (call plus a 900 ms animation) → added → goto ('GO TO CART', a link to /cart, 1 s later).
 * The parent remounts it with the size as key, so choosing a size resets it to add.
 */
export function AddToBagButton({ productId, size, sizeRequired, onSignInRequired }: AddToBagButtonProps) {
  const { isSignedIn } = useSession()
  const addToCart = useAddToCart()
  const { schedule, wait } = useTimeouts()
  const [state, setState] = useState<AddState>("add")
  const [sizeHint, setSizeHint] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const cancelSizeHint = useRef<(() => void) | null>(null)

  const showSizeHint = () => {
    cancelSizeHint.current?.()
    setSizeHint(true)
    cancelSizeHint.current = schedule(() => {
      setSizeHint(false)
    }, SIZE_HINT_MS)
  }

  const add = async () => {
    setError(null)
    if (sizeRequired && !size) {
      showSizeHint()
      return
    }
    if (!isSignedIn) {
      onSignInRequired()
      return
    }
    setState("adding")
    try {
      await Promise.all([addToCart.mutateAsync({ productId, quantity: 1, size, refPostId: getReferralPostId() }), wait(ADD_ANIMATION_MS)])
    } catch (failure) {
      setState("add")
      if (isUnauthorized(failure)) onSignInRequired()
      else setError("Could not add to cart")
      return
    }
    setState("added")
    schedule(() => {
      setState("goto")
    }, GO_TO_CART_DELAY_MS)
  }

  return (
    <div className="add-to-bag">
      {state === "goto" ? (
        <Link to={paths.cart} className="button button--primary add-to-bag__button">
          GO TO CART
        </Link>
      ) : (
        <button
          type="button"
          className={`button button--primary add-to-bag__button add-to-bag__button--${state}`}
          aria-disabled={state !== "add"}
          onClick={() => {
            if (state === "add") void add()
          }}
        >
          {LABELS[state]}
        </button>
      )}
      {sizeHint ? (
        <p className="add-to-bag__hint" role="alert">
          please select a size
        </p>
      ) : null}
      {error ? (
        <p className="inline-error add-to-bag__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
