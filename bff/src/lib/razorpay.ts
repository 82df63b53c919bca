import { createHmac } from "node:crypto"
import Razorpay from "razorpay"
import type { z } from "zod"
import {
  razorpayOrder,
  razorpayPayment,
  razorpayPaymentCollection,
  razorpayRefund,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
} from "./razorpay-entities.js"
import { onwardHeaders } from "./request-context.js"
import { hmacSha256, sameBytes } from "./tokens.js"

/** A failed Razorpay call: Razorpay's own error (statusCode, code, description) or no answer at all (statusCode 0). */
export class RazorpayError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`Razorpay ${statusCode || "unreachable"}: ${code}: ${description}`)
  }
}

export type CreateOrderInput = {
  /** Paise, at least 100. */
  amount: number
  currency?: "INR"
  /** At most 40 characters; ours is unique per attempt of a bag. */
  receipt: string
  notes?: Record<string, string>
}

export type RefundInput = {
  /** Paise; at most what is captured and not yet refunded. */
  amount: number
  /** Sent as X-Refund-Idempotency: the same key never refunds twice. 10–64 of A-Z a-z 0-9 _ -. */
  idempotencyKey: string
  notes?: Record<string, string>
}

export type RazorpayClient = {
  keyId: string
  createOrder(input: CreateOrderInput): Promise<RazorpayOrder>
  fetchOrder(orderId: string): Promise<RazorpayOrder>
  fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]>
  fetchPayment(paymentId: string): Promise<RazorpayPayment>
  refund(paymentId: string, input: RefundInput): Promise<RazorpayRefund>
}

type ClientOptions = {
  keyId: string
  keySecret: string
  /** Razorpay's host or the emulator's base URL; the SDK adds /v1/…. */
  apiUrl: string
  timeoutMs?: number
}

/** The SDK's HTTP client: an axios instance it keeps at `api.rq` (not in its typings). */
type SdkHttp = {
  defaults: { baseURL?: string; timeout?: number }
  interceptors: { request: { use(intercept: (config: { headers: Record<string, string> }) => { headers: Record<string, string> }): void } }
  post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: unknown }>
}

type SdkFailure = { statusCode?: unknown; error?: { code?: unknown; description?: unknown } }

/** Turns what the SDK throws (a plain `{ statusCode, error }`, or a TypeError when no answer came) into a RazorpayError. */
function asRazorpayError(thrown: unknown): RazorpayError {
  if (thrown instanceof RazorpayError) return thrown
  const failure = thrown as SdkFailure & { response?: { status?: unknown; data?: { error?: SdkFailure["error"] } } }
  const statusCode = Number(failure?.statusCode ?? failure?.response?.status ?? 0) || 0
  const error = failure?.error ?? failure?.response?.data?.error
  if (statusCode && error) return new RazorpayError(statusCode, String(error.code ?? "ERROR"), String(error.description ?? ""))
  return new RazorpayError(0, "NETWORK_ERROR", thrown instanceof Error ? thrown.message : "no answer from Razorpay")
}

async function call<Schema extends z.ZodType>(schema: Schema, request: () => Promise<unknown>): Promise<z.output<Schema>> {
  let answer: unknown
  try {
    answer = await request()
  } catch (thrown) {
    throw asRazorpayError(thrown)
  }
  const parsed = schema.safeParse(answer)
  if (!parsed.success)
    throw new RazorpayError(502, "UNEXPECTED_RESPONSE", parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "))
  return parsed.data
}

const ID_PATTERN = { order: /^order_[A-Za-z0-9]{1,40}$/, pay: /^pay_[A-Za-z0-9]{1,40}$/ }

/** Ids go into URL paths: anything but Razorpay's shape is refused before a call is made. */
function checkedId(kind: keyof typeof ID_PATTERN, id: string): string {
  if (!ID_PATTERN[kind].test(id)) throw new RazorpayError(400, "BAD_REQUEST_ERROR", `${id} is not a valid id`)
  return id
}

/** Razorpay's orders, payments and refunds through the official SDK, pointed at `apiUrl` (the real host or the emulator). */
export function createRazorpayClient({ keyId, keySecret, apiUrl, timeoutMs = 15_000 }: ClientOptions): RazorpayClient {
  const sdk = new Razorpay({ key_id: keyId, key_secret: keySecret })
  const http = (sdk.api as unknown as { rq: SdkHttp }).rq
  http.defaults.baseURL = apiUrl.replace(/\/+$/, "")
  http.defaults.timeout = timeoutMs
  http.interceptors.request.use((config) => {
    Object.assign(config.headers, onwardHeaders())
    return config
  })

  return {
    keyId,
    createOrder: ({ amount, currency = "INR", receipt, notes = {} }) => call(razorpayOrder, () => sdk.orders.create({ amount, currency, receipt, notes })),
    fetchOrder: (orderId) => call(razorpayOrder, () => sdk.orders.fetch(checkedId("order", orderId))),
    fetchOrderPayments: async (orderId) => (await call(razorpayPaymentCollection, () => sdk.orders.fetchPayments(checkedId("order", orderId)))).items,
    fetchPayment: (paymentId) => call(razorpayPayment, () => sdk.payments.fetch(checkedId("pay", paymentId))),
    // The SDK's refund() can't send headers, so the idempotency key goes through its HTTP client directly.
    refund: (paymentId, { amount, idempotencyKey, notes = {} }) =>
      call(razorpayRefund, async () => {
        const { data } = await http.post(
          `/v1/payments/${checkedId("pay", paymentId)}/refund`,
          { amount, speed: "normal", notes },
          {
            headers: { "X-Refund-Idempotency": idempotencyKey },
          },
        )
        return data
      }),
  }
}

/** Razorpay Checkout's signature: HMAC-SHA256 (hex) of `order_id|payment_id` with the key secret. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256(keySecret, `${orderId}|${paymentId}`)
}

/** Whether Checkout's `razorpay_signature` really comes from Razorpay for this order and payment (timing-safe). */
export function verifyPaymentSignature(orderId: string, paymentId: string, signature: string, keySecret: string): boolean {
  return sameBytes(signature, paymentSignature(orderId, paymentId, keySecret))
}

/** A webhook's X-Razorpay-Signature: HMAC-SHA256 (hex) of the raw body with the webhook secret. */
export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return createHmac("sha256", webhookSecret).update(rawBody).digest("hex")
}

/** Whether a webhook's raw body (the bytes as received, never re-serialised JSON) carries a valid signature (timing-safe). */
export function verifyWebhookSignature(rawBody: Buffer | string, signature: string, webhookSecret: string): boolean {
  return sameBytes(signature, webhookSignature(rawBody, webhookSecret))
}
