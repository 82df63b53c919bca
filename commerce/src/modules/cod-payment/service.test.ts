import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { describe, expect, it } from "vitest"
import CodPaymentProviderService from "./service"

const provider = new CodPaymentProviderService({})

describe("cash-on-delivery payment provider", () => {
  it("authorizes on initiate and on authorize, recording the cash to collect in paise", async () => {
    const initiated = await provider.initiatePayment({ amount: 1399, currency_code: "inr", data: { session_id: "payses_1" } })
    expect(initiated.status).toBe(PaymentSessionStatus.AUTHORIZED)
    expect(initiated.data).toMatchObject({ collect_amount_paise: 139900 })

    const authorized = await provider.authorizePayment({ data: initiated.data })
    expect(authorized.status).toBe(PaymentSessionStatus.AUTHORIZED)
    expect((await provider.getPaymentStatus({ data: authorized.data })).status).toBe(PaymentSessionStatus.AUTHORIZED)
  })

  it("is captured once the courier's cash is recorded", async () => {
    const { data } = await provider.capturePayment({ data: { collect_amount_paise: 139900 } })
    expect(data?.collected_at).toEqual(expect.any(String))
    expect((await provider.getPaymentStatus({ data })).status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("records refunds and cancellation in the payment's data", async () => {
    const refunded = (await provider.refundPayment({ data: { collected_at: "2025-01-02" }, amount: 100, context: { idempotency_key: "ref_1" } })).data
    expect(refunded?.refunds).toEqual([{ amount_paise: 10000, refunded_at: expect.any(String), idempotency_key: "ref_1" }])

    const canceled = (await provider.cancelPayment({ data: {} })).data
    expect(canceled?.canceled_at).toEqual(expect.any(String))
    expect((await provider.getPaymentStatus({ data: canceled })).status).toBe(PaymentSessionStatus.CANCELED)
  })
})
