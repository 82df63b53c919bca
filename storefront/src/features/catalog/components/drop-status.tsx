import { indiaDateTime, type Drop } from "@fitshop/contracts"
import { useDropListing } from "@/lib/api/get-drops"
import { countdownText } from "../utils/drop-countdown"

type DropStatusProps = {
  productId: string
  drop: Drop
  /** Seconds until the drop opens; null while unknown (the server does not know the shopper's clock). */
  secondsUntilOpen: number | null
}

/** The units left as GET /api/drops counts them: nothing until it answers, and nothing for a drop it does not list. */
function DropRemaining({ productId }: { productId: string }) {
  const listing = useDropListing(productId)
  if (!listing.data) return null
  const { remaining } = listing.data
  return (
    <p className={`product-drop__remaining${remaining === 0 ? " product-drop__remaining--sold-out" : ""}`}>
      {remaining === 0 ? "Sold out" : `${String(remaining)} left`}
    </p>
  )
}

/** A scheduled drop on its product page: the countdown until it opens, and the units left. */
export function DropStatus({ productId, drop, secondsUntilOpen }: DropStatusProps) {
  return (
    <div className="product-drop">
      {secondsUntilOpen !== null && secondsUntilOpen > 0 ? (
        <>
          <p className="product-drop__countdown" role="timer">
            Drop opens in {countdownText(secondsUntilOpen)}
          </p>
          <p className="product-drop__opens">Opens {indiaDateTime(drop.startsAt)}</p>
        </>
      ) : null}
      <DropRemaining productId={productId} />
    </div>
  )
}
