import { describe, expect, it } from "vitest"
import { IDLE, nextPaymentState, type PaymentState } from "./payment-state"

describe("nextPaymentState", () => {
  it("goes from idle through work and the gateway to an order placed", () => {
    let state: PaymentState = IDLE
    state = nextPaymentState(state, { type: "working", message: "Creating order…" })
    expect(state).toEqual({ phase: "processing", message: "Creating order…" })
    state = nextPaymentState(state, { type: "gateway-opened" })
    expect(state).toEqual({ phase: "gateway" })
    state = nextPaymentState(state, { type: "placed", message: "Payment successful. Order placed!" })
    expect(state).toEqual({ phase: "success", message: "Payment successful. Order placed!" })
  })

  it("keeps a failure the gateway showed when its dialog closes, and otherwise leaves a notice for the form", () => {
    const gateway: PaymentState = { phase: "gateway" }
    expect(nextPaymentState(gateway, { type: "gateway-closed", failure: "Card declined", notice: "Payment cancelled." })).toEqual({
      phase: "error",
      message: "Card declined",
    })
    expect(nextPaymentState(gateway, { type: "gateway-closed", failure: null, notice: "Payment cancelled." })).toEqual({
      phase: "idle",
      notice: "Payment cancelled.",
    })
  })

  it("goes back to a quiet idle when the shopper closes an error", () => {
    expect(nextPaymentState({ phase: "error", message: "Payment failed." }, { type: "dismissed" })).toEqual(IDLE)
  })
})
