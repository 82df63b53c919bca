/** What the gateway hands to `handler` after a payment; the BFF checks the signature. */
export type RazorpayPaymentResult = {
  razorpay_payment_id: string
  razorpay_order_id: string
  razorpay_signature: string
}

/** What the gateway hands to `payment.failed` listeners. */
export type RazorpayPaymentFailure = {
  error?: { description?: string }
}

export type RazorpayOptions = {
  key: string
  amount: number
  currency: string
  order_id: string
  name: string
  description: string
  prefill: { name?: string; email?: string; contact?: string }
  handler: (result: RazorpayPaymentResult) => void
  modal: { ondismiss: () => void }
}

export type RazorpayCheckout = {
  open: () => void
  on?: (event: "payment.failed", listener: (failure: RazorpayPaymentFailure) => void) => void
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout

declare global {
  interface Window {
    /** Defined by the gateway's checkout script (Razorpay's, or the emulator's in development). */
    Razorpay?: RazorpayConstructor
  }
}

export const SCRIPT_FAILED_TEXT = "Failed to load Razorpay script"

/** Script loads in flight or done, by address, so a second click does not add a second tag. */
const scriptLoads = new Map<string, Promise<void>>()

function injectScript(src: string): Promise<void> {
  const pending = scriptLoads.get(src)
  if (pending) return pending
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script")
    script.src = src
    script.async = true
    script.addEventListener("load", () => {
      resolve()
    })
    script.addEventListener("error", () => {
      // A failed load is tried again, with a fresh tag, on the next attempt.
      script.remove()
      scriptLoads.delete(src)
      reject(new Error(SCRIPT_FAILED_TEXT))
    })
    document.head.append(script)
  })
  scriptLoads.set(src, load)
  return load
}

/**
 * The gateway's checkout, loading its script from `src` the first time it is needed (only checkout
 * pays for it); null when the script loaded but defined no `window.Razorpay`. Rejects when it fails to load.
 */
export async function loadRazorpay(src: string): Promise<RazorpayConstructor | null> {
  if (window.Razorpay) return window.Razorpay
  await injectScript(src)
  if (window.Razorpay) return window.Razorpay
  // Loaded, yet no gateway: the next attempt loads it again.
  scriptLoads.delete(src)
  return null
}
