import { formatPaise } from "@fitshop/contracts"
import { orderTotal } from "@/lib/order-total"

type PriceLinesProps = {
  subtotal: number
  /** The Dark Coins discount in paise; its line shows only when above 0. */
  discount: number
  /** The cash-on-delivery fee in paise; its line shows only when above 0. */
  codFee?: number
}

/** An order summary's figures: Subtotal, Dark Coins Discount, COD Fee and Total, as the bag and checkout show them. */
export function PriceLines({ subtotal, discount, codFee = 0 }: PriceLinesProps) {
  return (
    <dl className="order-summary__lines">
      <div className="order-summary__line">
        <dt>Subtotal</dt>
        <dd>{formatPaise(subtotal)}</dd>
      </div>
      {discount > 0 ? (
        <div className="order-summary__line">
          <dt>Dark Coins Discount</dt>
          <dd>{formatPaise(-discount)}</dd>
        </div>
      ) : null}
      {codFee > 0 ? (
        <div className="order-summary__line">
          <dt>COD Fee</dt>
          <dd>{`+${formatPaise(codFee)}`}</dd>
        </div>
      ) : null}
      <div className="order-summary__line order-summary__line--total">
        <dt>Total</dt>
        <dd>{formatPaise(orderTotal(subtotal, discount, codFee))}</dd>
      </div>
    </dl>
  )
}
