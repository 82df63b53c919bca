import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { BRAND_NAME } from "@/config/brand"
import { errorMessage } from "@/lib/api-client"
import { NO_DARK_COINS, saveDarkCoinsChoice } from "@/lib/dark-coins-choice"
import { queryKeys } from "@/lib/query-keys"
import { cancelPayment } from "../api/cancel-payment"
import { createPaymentOrder, startablePaymentOrder, type PaymentOrder } from "../api/create-payment-order"
import { dispatchShipment } from "../api/dispatch-shipment"
import type { PaymentsConfig } from "../api/get-payments-config"
import { placeCodOrder } from "../api/place-cod-order"
import { verifyPayment } from "../api/verify-payment"
import type { CheckoutPayload } from "../utils/checkout-payload"
import { SCRIPT_FAILED_TEXT, loadRazorpay, type RazorpayConstructor, type RazorpayPaymentResult } from "../utils/razorpay"

export const LOADING_GATEWAY_TEXT = "Loading payment gateway…"
export const CREATING_ORDER_TEXT = "Creating order…"
export const VERIFYING_TEXT = "Verifying payment…"
export const PAID_TEXT = "Payment successful. Order placed!"
export const COD_PLACED_TEXT = "COD order placed. Please pay the courier on delivery."
export const CANCELLED_TEXT = "Payment cancelled."
export const GATEWAY_MISSING_TEXT = "Could not load payment gateway."
export const NOT_STARTABLE_TEXT = "Could not start payment."
export const CREATE_ORDER_FAILED_TEXT = "Unable to continue to payment."
export const VERIFY_FAILED_TEXT = "Payment verification failed."
export const COD_FAILED_TEXT = "Unable to place COD order."
const PAYMENT_FAILED_TEXT = "Payment failed."

/**
 * idle (with what the last attempt left to say) → processing (a progress message) → success or error.
 * 'gateway' is while the gateway's own dialog is open, so ours stays out of its way.
 */
export type PaymentState =
  | { phase: "idle"; notice: string | null }
  | { phase: "gateway" }
  | { phase: "processing"; message: string }
  | { phase: "success"; message: string }
  | { phase: "error"; message: string }

const IDLE: PaymentState = { phase: "idle", notice: null }

const processing = (message: string): PaymentState => ({ phase: "processing", message })

const savesAddress = ({ shippingAddressSnapshot }: CheckoutPayload) => "save" in shippingAddressSnapshot && shippingAddressSnapshot.save === true

/** The gateway's launcher label: the live test says so, otherwise how many lines are paid for. */
export const paymentDescription = (liveTest: boolean, itemCount: number) => (liveTest ? "₹1 live test payment" : `Checkout • ${String(itemCount)} item(s)`)

/**
 * Online payment (load the gateway script, open a gateway order, let the shopper pay, verify) and
 * cash on delivery; after an order is placed the bag, wallet and orders reload and the courier is asked for.
 */
export function useCheckoutPayment(config: PaymentsConfig, itemCount: number) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<PaymentState>(IDLE)

  const fail = (message: string) => {
    setState({ phase: "error", message })
  }

  const orderPlaced = (message: string, orderId: string | null, payload: CheckoutPayload) => {
    setState({ phase: "success", message })
    saveDarkCoinsChoice(NO_DARK_COINS)
    for (const queryKey of [queryKeys.cart, queryKeys.wallet, queryKeys.orders]) {
      void queryClient.invalidateQueries({ queryKey })
    }
    if (savesAddress(payload)) void queryClient.invalidateQueries({ queryKey: queryKeys.addresses })
    if (orderId) dispatchShipment(orderId)
  }

  const verify = async (result: RazorpayPaymentResult, payload: CheckoutPayload) => {
    setState(processing(VERIFYING_TEXT))
    try {
      const answer = await verifyPayment(result)
      if (answer?.ok === true) orderPlaced(PAID_TEXT, answer.orderId, payload)
      // 202: paid, and the order is still being placed; the server's text says so.
      else if (answer?.pending === true) orderPlaced(answer.message || PAID_TEXT, null, payload)
      else fail(VERIFY_FAILED_TEXT)
    } catch (error) {
      fail(errorMessage(error, VERIFY_FAILED_TEXT))
    }
  }

  const openGateway = (Razorpay: RazorpayConstructor, order: PaymentOrder, payload: CheckoutPayload) => {
    /** Set by `payment.failed`; the gateway keeps its dialog open for a retry, so a later dismissal keeps this text. */
    let failure: string | null = null
    const checkout = new Razorpay({
      key: order.key || config.key,
      amount: order.amount,
      currency: order.currency || "INR",
      order_id: order.orderId,
      name: BRAND_NAME,
      description: paymentDescription(payload.liveTest === true, itemCount),
      prefill: order.customer ?? {},
      handler: (result) => {
        void verify(result, payload)
      },
      modal: {
        ondismiss: () => {
          setState(failure ? { phase: "error", message: failure } : { phase: "idle", notice: CANCELLED_TEXT })
          // Nothing waits on it: a lost call only means the hold ends with the payment window.
          cancelPayment(order.orderId).catch(() => undefined)
        },
      },
    })
    checkout.on?.("payment.failed", (paymentFailure) => {
      failure = paymentFailure.error?.description || PAYMENT_FAILED_TEXT
      fail(failure)
    })
    setState({ phase: "gateway" })
    checkout.open()
  }

  const payOnline = async (payload: CheckoutPayload) => {
    setState(processing(LOADING_GATEWAY_TEXT))
    let Razorpay: RazorpayConstructor | null
    try {
      Razorpay = await loadRazorpay(config.checkoutScriptUrl)
    } catch {
      fail(SCRIPT_FAILED_TEXT)
      return
    }
    if (!Razorpay) {
      fail(GATEWAY_MISSING_TEXT)
      return
    }

    setState(processing(CREATING_ORDER_TEXT))
    let order: PaymentOrder | null
    try {
      order = startablePaymentOrder(await createPaymentOrder(payload))
    } catch (error) {
      fail(errorMessage(error, CREATE_ORDER_FAILED_TEXT))
      return
    }
    if (!order) {
      fail(NOT_STARTABLE_TEXT)
      return
    }
    try {
      openGateway(Razorpay, order, payload)
    } catch {
      fail(GATEWAY_MISSING_TEXT)
    }
  }

  const placeCod = async (payload: CheckoutPayload) => {
    setState(processing(CREATING_ORDER_TEXT))
    try {
      const answer = await placeCodOrder(payload)
      orderPlaced(COD_PLACED_TEXT, answer.orderId, payload)
    } catch (error) {
      fail(errorMessage(error, COD_FAILED_TEXT))
    }
  }

  return {
    state,
    payOnline: (payload: CheckoutPayload) => {
      void payOnline(payload)
    },
    placeCod: (payload: CheckoutPayload) => {
      void placeCod(payload)
    },
    /** Closes the error dialog, back to idle. */
    dismiss: () => {
      setState(IDLE)
    },
  }
}
