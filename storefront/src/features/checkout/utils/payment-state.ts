/**
 * The checkout payment as the shopper sees it: idle (with what the last attempt left to say) →
 * working (a progress message) → placed or failed. 'gateway' is while the gateway's own dialog is
 * open, so ours stays out of its way.
 */
export type PaymentState =
  | { phase: "idle"; notice: string | null }
  | { phase: "gateway" }
  | { phase: "processing"; message: string }
  | { phase: "success"; message: string }
  | { phase: "error"; message: string }

export type PaymentEvent =
  | { type: "working"; message: string }
  | { type: "gateway-opened" }
  | { type: "placed"; message: string }
  | { type: "failed"; message: string }
  /** The gateway's dialog closed without a payment: `notice` for the form, or the failure it showed. */
  | { type: "gateway-closed"; failure: string | null; notice: string }
  /** The shopper closed our error dialog. */
  | { type: "dismissed" }

export const IDLE: PaymentState = { phase: "idle", notice: null }

export function nextPaymentState(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case "working":
      return { phase: "processing", message: event.message }
    case "gateway-opened":
      return { phase: "gateway" }
    case "placed":
      return { phase: "success", message: event.message }
    case "failed":
      return { phase: "error", message: event.message }
    case "gateway-closed":
      return event.failure ? { phase: "error", message: event.failure } : { phase: "idle", notice: event.notice }
    case "dismissed":
      return IDLE
  }
}
