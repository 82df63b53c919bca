import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useReducer } from "react"
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
import { IDLE, nextPaymentState } from "../utils/payment-state"
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

const savesAddress = ({ shippingAddressSnapshot }: CheckoutPayload) => "save" in shippingAddressSnapshot && shippingAddressSnapshot.save === true

/** The gateway's launcher label: the live test says so, otherwise how many lines are paid for. */
export const paymentDescription = (liveTest: boolean, itemCount: number) => (liveTest ? "₹1 live test payment" : `Checkout • ${String(itemCount)} item(s)`)

/**
 * Online payment (load the gateway script, open a gateway order, let the shopper pay, verify) and
 * cash on delivery; after an order is placed the bag, wallet and orders reload and the courier is asked for.
 * What the shopper sees is `nextPaymentState`'s; the three calls to the server are mutations.
 */
export function useCheckoutPayment(config: PaymentsConfig, itemCount: number) {
  const queryClient = useQueryClient()
  const [state, dispatch] = useReducer(nextPaymentState, IDLE)
  const fail = (message: string) => dispatch({ type: "failed", message })

  const orderPlaced = (message: string, orderId: string | null, payload: CheckoutPayload) => {
    dispatch({ type: "placed", message })
    saveDarkCoinsChoice(NO_DARK_COINS)
    for (const queryKey of [queryKeys.cart, queryKeys.wallet, queryKeys.orders]) {
      void queryClient.invalidateQueries({ queryKey })
    }
    if (savesAddress(payload)) void queryClient.invalidateQueries({ queryKey: queryKeys.addresses })
    if (orderId) dispatchShipment(orderId)
  }

  const cod = useMutation({
    mutationFn: placeCodOrder,
    onMutate: () => dispatch({ type: "working", message: CREATING_ORDER_TEXT }),
    onSuccess: (answer, payload) => orderPlaced(COD_PLACED_TEXT, answer.orderId, payload),
    onError: (error) => fail(errorMessage(error, COD_FAILED_TEXT)),
  })

  const verify = useMutation({
    mutationFn: ({ result }: { result: RazorpayPaymentResult; payload: CheckoutPayload }) => verifyPayment(result),
    onMutate: () => dispatch({ type: "working", message: VERIFYING_TEXT }),
    onSuccess: (answer, { payload }) => {
      if (answer?.ok === true) orderPlaced(PAID_TEXT, answer.orderId, payload)
      // 202: paid, and the order is still being placed; the server's text says so.
      else if (answer?.pending === true) orderPlaced(answer.message || PAID_TEXT, null, payload)
      else fail(VERIFY_FAILED_TEXT)
    },
    onError: (error) => fail(errorMessage(error, VERIFY_FAILED_TEXT)),
  })

  const createOrder = useMutation({ mutationFn: createPaymentOrder })

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
      handler: (result) => verify.mutate({ result, payload }),
      modal: {
        ondismiss: () => {
          dispatch({ type: "gateway-closed", failure, notice: CANCELLED_TEXT })
          // Nothing waits on it: a lost call only means the hold ends with the payment window.
          cancelPayment(order.orderId).catch(() => undefined)
        },
      },
    })
    checkout.on?.("payment.failed", (paymentFailure) => {
      failure = paymentFailure.error?.description || PAYMENT_FAILED_TEXT
      fail(failure)
    })
    dispatch({ type: "gateway-opened" })
    checkout.open()
  }

  const payOnline = async (payload: CheckoutPayload) => {
    dispatch({ type: "working", message: LOADING_GATEWAY_TEXT })
    const Razorpay = await loadRazorpay(config.checkoutScriptUrl).catch(() => undefined)
    if (Razorpay === undefined) return fail(SCRIPT_FAILED_TEXT)
    if (!Razorpay) return fail(GATEWAY_MISSING_TEXT)

    dispatch({ type: "working", message: CREATING_ORDER_TEXT })
    let order: PaymentOrder | null
    try {
      order = startablePaymentOrder(await createOrder.mutateAsync(payload))
    } catch (error) {
      return fail(errorMessage(error, CREATE_ORDER_FAILED_TEXT))
    }
    if (!order) return fail(NOT_STARTABLE_TEXT)
    try {
      openGateway(Razorpay, order, payload)
    } catch {
      fail(GATEWAY_MISSING_TEXT)
    }
  }

  return {
    state,
    payOnline: (payload: CheckoutPayload) => {
      void payOnline(payload)
    },
    placeCod: (payload: CheckoutPayload) => cod.mutate(payload),
    /** Closes the error dialog, back to idle. */
    dismiss: () => dispatch({ type: "dismissed" }),
  }
}
