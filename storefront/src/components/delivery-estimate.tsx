import { useServiceability } from "@/lib/api/get-serviceability"
import { formatDeliveryDay } from "@/lib/dates"
import { COD_FEE_PAISE, formatPaise, PINCODE_PATTERN, type Serviceability } from "@fitshop/contracts"

/** The fee is said where cash on delivery is offered, never first at payment (drip pricing). */
const COD_AVAILABLE = `Cash on delivery available (+${formatPaise(COD_FEE_PAISE)} COD fee)`

function PromisedDelivery({ answer }: { answer: Serviceability }) {
  if (!answer.deliverable) return <p className="delivery__line">{`We don't deliver to ${answer.pincode} yet.`}</p>
  return (
    <>
      {answer.estimatedDelivery ? <p className="delivery__line delivery__date">{`Delivery by ${formatDeliveryDay(answer.estimatedDelivery)}`}</p> : null}
      <p className="delivery__line muted">{answer.codAvailable ? COD_AVAILABLE : `Cash on delivery not available for ${answer.pincode}`}</p>
    </>
  )
}

/**
 * What is promised for a pincode (product page, checkout): the day a courier should bring an order placed today,
 * and whether cash on delivery is possible. Nothing while unknown, for no valid pincode, or when delivery can't be
 * checked right now: never a wrong promise.
 */
export function DeliveryEstimate({ pincode }: { pincode: string | null | undefined }) {
  const valid = pincode && PINCODE_PATTERN.test(pincode) ? pincode : null
  const answer = useServiceability(valid)
  return <div aria-live="polite">{answer.data && answer.data.pincode === valid ? <PromisedDelivery answer={answer.data} /> : null}</div>
}
