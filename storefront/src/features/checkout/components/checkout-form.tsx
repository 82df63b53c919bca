import { useState } from "react"
import { useAddresses } from "@/lib/api/get-addresses"
import { useForm } from "@/hooks/use-form"
import { emptyAddressFields, requiredAddressFields } from "@/lib/address-form"
import { NO_DARK_COINS, readDarkCoinsChoice, type DarkCoinsChoice } from "@/lib/dark-coins-choice"
import type { Bag } from "@fitshop/contracts"
import type { PaymentsConfig } from "../api/get-payments-config"
import { useCheckoutPayment } from "../hooks/use-checkout-payment"
import { CHECKOUT_REQUIRED_FIELDS, checkoutBlocker } from "../utils/checkout-blocker"
import { buildCheckoutPayload, type CheckoutPayload, type PaymentMethod, type ShippingChoice } from "../utils/checkout-payload"
import { buyerGstinProblem } from "@fitshop/contracts"
import { BuyerGstinField } from "./buyer-gstin"
import { CheckoutItems } from "./checkout-items"
import { CheckoutSummary } from "./checkout-summary"
import type { NewAddressField } from "./new-address-form"
import { PaymentDialog } from "./payment-dialog"
import { PaymentMethodSection } from "./payment-method"
import { ShippingAddressSection, type AddressMode, type SavedAddresses } from "./shipping-address"

const checkRequired = requiredAddressFields(CHECKOUT_REQUIRED_FIELDS)

/**
 * The Dark Coins the shopper applied in the bag, if the server still offers a discount: its
 * usableDiscount is what comes off, and coinsToSpend what is sent.
 */
function useAppliedDarkCoins({ usableDiscount, coinsToSpend }: Bag["summary"]): {
  discount: number
  choice: DarkCoinsChoice
} {
  const [applied] = useState(() => readDarkCoinsChoice().applied)
  if (!applied || usableDiscount <= 0) return { discount: 0, choice: NO_DARK_COINS }
  return { discount: usableDiscount, choice: { applied: true, coins: coinsToSpend } }
}

/** Checkout once the bag and payment settings are in: method, address, items, summary and the payment dialog. */
export function CheckoutForm({ cart, config }: { cart: Bag; config: PaymentsConfig }) {
  const addressesQuery = useAddresses()
  const saved: SavedAddresses = { status: addressesQuery.status, addresses: addressesQuery.data?.addresses ?? [] }
  const [method, setMethod] = useState<PaymentMethod>("online")
  const [mode, setMode] = useState<AddressMode>("select")
  const [chosenId, setChosenId] = useState<string | null>(null)
  const newAddress = useForm<NewAddressField>({
    initial: { ...emptyAddressFields(), email: "" },
    validate: checkRequired,
    // Checked when the shopper pays: the blank fields stay marked until the next attempt.
    showProblems: "until-next-check",
  })
  const [save, setSave] = useState(false)
  const [buyerGstin, setBuyerGstin] = useState("")
  const [blocker, setBlocker] = useState<string | null>(null)
  const darkCoins = useAppliedDarkCoins(cart.summary)
  const payment = useCheckoutPayment(config, cart.items.length)
  const busy = payment.state.phase !== "idle"
  const selectedId = chosenId ?? saved.addresses.find((address) => address.isDefault)?.id ?? null
  const sizesMissing = cart.items.some((item) => item.sizeRequired)

  /** Checks what the spec asks for, then builds the payload for `pay`; nothing is sent while something is missing. */
  const attempt = (pay: (payload: CheckoutPayload) => void, liveTest = false) => {
    const { values } = newAddress
    const reason = checkoutBlocker(cart.items, mode === "select" ? { mode, addressId: selectedId } : { mode, values }) ?? buyerGstinProblem(buyerGstin)
    if (mode === "new") newAddress.check()
    else newAddress.uncheck()
    setBlocker(reason)
    if (reason) return
    const shipping: ShippingChoice =
      mode === "select" && selectedId ? { mode: "select", addressId: selectedId } : { mode: "new", values, email: values.email, save }
    const { codFeePaise } = config
    pay(buildCheckoutPayload({ method, shipping, darkCoins: darkCoins.choice, codFeePaise, liveTest, buyerGstin }))
  }

  return (
    <div className="checkout">
      <div className="checkout__main">
        <PaymentMethodSection method={method} disabled={busy} onChange={setMethod} />
        <ShippingAddressSection
          mode={mode}
          saved={saved}
          selectedId={selectedId}
          newAddress={newAddress}
          save={save}
          disabled={busy}
          onModeChange={(next) => {
            setMode(next)
            setBlocker(null)
          }}
          onSelect={setChosenId}
          onSaveChange={setSave}
        />
        <BuyerGstinField value={buyerGstin} disabled={busy} onChange={setBuyerGstin} />
        <CheckoutItems items={cart.items} />
      </div>
      <aside className="checkout__side">
        <CheckoutSummary
          method={method}
          subtotal={cart.summary.subtotal}
          discount={darkCoins.discount}
          codFee={config.codFeePaise}
          sizesMissing={sizesMissing}
          liveTestAvailable={config.liveTestAvailable}
          busy={busy}
          message={blocker ?? (payment.state.phase === "idle" ? payment.state.notice : null)}
          onPay={(liveTest) => {
            attempt(payment.payOnline, liveTest)
          }}
          onPlaceCod={() => {
            attempt(payment.placeCod)
          }}
        />
      </aside>
      <PaymentDialog state={payment.state} onClose={payment.dismiss} />
    </div>
  )
}
