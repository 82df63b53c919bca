import { useId } from "react"
import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import { firstTap } from "@/lib/first-taps"
import { useAddToBag, type AddToBagOptions, type AddToBagState } from "@/hooks/use-add-to-bag"

/** What the button reads while it is a button; 'GO TO CART' is the link it may turn into. */
export type AddToBagLabels = Record<Exclude<AddToBagState, "goto">, string>

type AddToBagButtonProps = AddToBagOptions & {
  labels: AddToBagLabels
  /** The place's look; a function where the look follows the state. */
  className: string | ((state: AddToBagState) => string)
  /** The id of the product's title, where the label alone does not say which product. */
  describedBy?: string
  /** Why the product cannot be added yet (a drop not open), shown beside the button, which is disabled meanwhile. */
  closedBecause?: string | null
  /** The tap queue's name for the button, on the one of a page whose first tap counts (index.html's tap queue). */
  firstTapName?: string
}

/**
 * The add-to-bag button of every place. One that ends as 'GO TO CART' stays focusable on the way
 * (aria-disabled); one whose 'added' is final is disabled, as is its 'adding'.
 */
export function AddToBagButton({ labels, className, describedBy, closedBecause = null, firstTapName, ...options }: AddToBagButtonProps) {
  const { state, sizeHint, error, add } = useAddToBag(options)
  const closedNoteId = useId()
  const endsAsLink = options.goToCartAfterMs !== undefined
  const busy = state !== "idle"
  const closed = Boolean(closedBecause)
  const describedByIds = [describedBy, closed ? closedNoteId : undefined].filter(Boolean).join(" ") || undefined

  return (
    <div className="add-to-bag">
      {state === "goto" ? (
        <Link to={paths.cart} className="button button--primary add-to-bag__button">
          GO TO CART
        </Link>
      ) : (
        <button
          type="button"
          className={typeof className === "function" ? className(state) : className}
          aria-describedby={describedByIds}
          disabled={closed || (!endsAsLink && busy)}
          aria-disabled={endsAsLink && !closed ? busy : undefined}
          {...(firstTapName ? firstTap(firstTapName) : {})}
          onClick={() => {
            void add()
          }}
        >
          {labels[state]}
        </button>
      )}
      {closed ? (
        <p id={closedNoteId} className="add-to-bag__closed">
          {closedBecause}
        </p>
      ) : null}
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
