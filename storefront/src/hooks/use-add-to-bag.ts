import { useRef, useState } from "react"
import { useAddToCart } from "@/lib/api/add-to-cart"
import { ApiError, errorMessage, isUnauthorized } from "@/lib/api-client"
import { getAccessToken } from "@/lib/session"
import { getReferralPostId } from "@/lib/referral"
import { useTimeouts } from "./use-timeouts"

/** Spec section 9 timing: how long 'please select a size' stays. */
const SIZE_HINT_MS = 1600

const ADD_TO_CART_FAILED = "Could not add to cart"

/** A 409 says why in the shopper's words (a drop not open yet, its limit per person); other failures get the general text. */
const addFailureText = (failure: unknown) =>
  failure instanceof ApiError && failure.status === 409 ? errorMessage(failure, ADD_TO_CART_FAILED) : ADD_TO_CART_FAILED

/** idle → adding → added, and on to goto (the link to the bag) where the caller asks for it. */
export type AddToBagState = "idle" | "adding" | "added" | "goto"

export type AddToBagOptions = {
  productId: string
  /** The chosen size; null where the product has none or the place sends none. */
  size?: string | null
  /** The product has sizes, so one must be chosen before adding. */
  sizeRequired?: boolean
  /** Signed out, or the call answered 401: the caller opens its sign-in dialog. */
  onSignInRequired: () => void
  /** Where the caller shows the failure itself: gets the text, and null when a new try starts. */
  onError?: (text: string | null) => void
  /** Keeps 'adding' at least this long, so an animation can finish. */
  minAddingMs?: number
  /** Turns 'added' into 'goto' this long after; without it 'added' is final. */
  goToCartAfterMs?: number
}

/** The one add-to-bag state machine of the catalogue card, the wardrobe card and the product page. */
export function useAddToBag({ productId, size = null, sizeRequired = false, onSignInRequired, onError, minAddingMs = 0, goToCartAfterMs }: AddToBagOptions) {
  const addToCart = useAddToCart()
  const { schedule, wait } = useTimeouts()
  const [state, setState] = useState<AddToBagState>("idle")
  const [ownError, setOwnError] = useState<string | null>(null)
  const [sizeHint, setSizeHint] = useState(false)
  const cancelSizeHint = useRef<(() => void) | null>(null)
  const reportError = onError ?? setOwnError

  const showSizeHint = () => {
    cancelSizeHint.current?.()
    setSizeHint(true)
    cancelSizeHint.current = schedule(() => {
      setSizeHint(false)
    }, SIZE_HINT_MS)
  }

  const add = async () => {
    if (state !== "idle") return
    reportError(null)
    if (sizeRequired && !size) {
      showSizeHint()
      return
    }
    // The stored session as it is at the tap, not as this render saw it: a tap replayed as the page hydrates
    // (lib/first-taps.ts) may reach a button rendered with the server's signed-out view.
    if (!getAccessToken()) {
      onSignInRequired()
      return
    }
    setState("adding")
    try {
      await Promise.all([addToCart.mutateAsync({ productId, quantity: 1, size, refPostId: getReferralPostId() }), minAddingMs > 0 ? wait(minAddingMs) : null])
    } catch (failure) {
      setState("idle")
      if (isUnauthorized(failure)) onSignInRequired()
      else reportError(addFailureText(failure))
      return
    }
    setState("added")
    if (goToCartAfterMs !== undefined) {
      schedule(() => {
        setState("goto")
      }, goToCartAfterMs)
    }
  }

  return { state, sizeHint, error: onError ? null : ownError, add }
}
