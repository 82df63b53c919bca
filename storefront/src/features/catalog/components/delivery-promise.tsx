import { useQuery } from "@tanstack/react-query"
import { useState, useSyncExternalStore, type FormEvent } from "react"
import { DeliveryEstimate } from "@/components/delivery-estimate"
import { Field } from "@/components/ui/field"
import { getAddressesQueryOptions } from "@/lib/api/get-addresses"
import { useSession } from "@/lib/auth"
import { localStore, storageKeys } from "@/lib/storage"
import { PINCODE_INVALID, PINCODE_PATTERN } from "@fitshop/contracts"

const isPincode = (value: string | null | undefined): value is string => typeof value === "string" && PINCODE_PATTERN.test(value)

const pincodeListeners = new Set<() => void>()
const subscribeToPincode = (listener: () => void) => {
  pincodeListeners.add(listener)
  return () => {
    pincodeListeners.delete(listener)
  }
}
const readRememberedPincode = () => localStore.get(storageKeys.deliveryPincode)

/**
 * The pincode asked for last on this device, else the signed-in shopper's default address's. A page the server
 * rendered knows neither: it starts with none, as the server did, then shows the remembered one.
 */
function usePincodeToPromise(): [string | null, (pincode: string) => void] {
  const { isSignedIn } = useSession()
  const remembered = useSyncExternalStore(subscribeToPincode, readRememberedPincode, () => null)
  const addresses = useQuery({ ...getAddressesQueryOptions(), enabled: isSignedIn && !isPincode(remembered) })
  const saved = addresses.data?.addresses?.find((address) => address.isDefault)?.postalCode
  const remember = (pincode: string) => {
    localStore.set(storageKeys.deliveryPincode, pincode)
    for (const listener of pincodeListeners) listener()
  }
  return [isPincode(remembered) ? remembered : isPincode(saved) ? saved : null, remember]
}

/** The product page's delivery promise: the date a courier should bring it to a pincode, and whether cash on delivery is possible. */
export function DeliveryPromise() {
  const [pincode, remember] = usePincodeToPromise()
  const [draft, setDraft] = useState("")
  const [error, setError] = useState<string | null>(null)

  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = draft.replace(/\s/g, "")
    if (!isPincode(typed)) {
      setError(PINCODE_INVALID)
      return
    }
    setError(null)
    remember(typed)
  }

  return (
    <section className="product__section delivery" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" className="section-title">
        Delivery
      </h2>
      <form className="delivery__form" onSubmit={check} noValidate>
        <Field
          id="delivery-pincode"
          label="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          placeholder={pincode ?? "Enter your pincode"}
          value={draft}
          error={error}
          onChange={(event) => {
            setDraft(event.target.value)
          }}
        />
        <button type="submit" className="button button--secondary delivery__check">
          Check
        </button>
      </form>
      <DeliveryEstimate pincode={pincode} />
    </section>
  )
}
