import { useId } from "react"
import { formatPaise, type BagSummary } from "@fitshop/contracts"

type DarkCoinsBoxProps = Pick<BagSummary, "darkCoins" | "usableDiscount" | "coinsToSpend"> & {
  applied: boolean
  onApply: () => void
  onRemove: () => void
}

/** The shopper's coin balance and the switch that spends some of it on this order, when the server allows any. */
export function DarkCoinsBox({ darkCoins, usableDiscount, coinsToSpend, applied, onApply, onRemove }: DarkCoinsBoxProps) {
  const titleId = useId()
  return (
    <section className="dark-coins" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        Dark Coins
      </h2>
      <p className="dark-coins__balance">{`Balance: ${String(darkCoins)} coins`}</p>
      {usableDiscount <= 0 ? (
        <p className="muted">Not enough Dark Coins to use on this order.</p>
      ) : applied ? (
        <div className="dark-coins__row">
          <p role="status">{`${String(coinsToSpend)} coins applied: ${formatPaise(-usableDiscount)}`}</p>
          <button type="button" className="button" onClick={onRemove}>
            Remove
          </button>
        </div>
      ) : (
        <div className="dark-coins__row">
          <p>{`Use ${String(coinsToSpend)} coins to save ${formatPaise(usableDiscount)}`}</p>
          <button type="button" className="button button--primary" onClick={onApply}>
            Apply
          </button>
        </div>
      )}
    </section>
  )
}
