import { randomBytes } from "node:crypto"
import type { Logger } from "../../../bff/src/lib/logger.js"
import { webhookSignature } from "../../../bff/src/lib/razorpay.js"

type Options = {
  /** Where events go; none are sent without one. */
  url: string | undefined
  secret: string
  accountId: string
  /** Waits before each retry of a delivery that failed (a network error or an answer other than 2xx). */
  retryDelaysMs?: number[]
  /** How long one attempt may take. */
  timeoutMs?: number
  logger?: Logger | undefined
}

export type WebhookSender = {
  /** Queues an event; delivery happens in the background and never throws. Resolves when it is delivered or given up. */
  send(event: string, payload: Record<string, { entity: unknown }>): Promise<boolean>
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 4_000, 15_000, 60_000]

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    // Unref'd: a retry that is still waiting never keeps a process (or a test run) alive.
    setTimeout(resolve, ms).unref()
  })

/** Razorpay's webhooks: `{ entity: 'event', event, contains, payload }` signed with X-Razorpay-Signature, retried with backoff. */
export function webhookSender({ url, secret, accountId, retryDelaysMs = DEFAULT_RETRY_DELAYS_MS, timeoutMs = 5_000, logger }: Options): WebhookSender {
  async function attempt(target: string, body: string, eventId: string): Promise<boolean> {
    try {
      const response = await fetch(target, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "Razorpay-Webhook/v1",
          "X-Razorpay-Event-Id": eventId,
          "X-Razorpay-Signature": webhookSignature(body, secret),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
      await response.arrayBuffer().catch(() => undefined)
      return response.ok
    } catch {
      return false
    }
  }

  async function deliver(target: string, event: string, body: string, eventId: string): Promise<boolean> {
    for (let tries = 0; ; tries++) {
      if (await attempt(target, body, eventId)) return true
      const delay = retryDelaysMs[tries]
      if (delay === undefined) {
        logger?.warn({ event, eventId, url: target, tries: tries + 1 }, "razorpay emulator: webhook not delivered, giving up")
        return false
      }
      await sleep(delay)
    }
  }

  return {
    send(event, payload) {
      if (!url) return Promise.resolve(false)
      // One id per event, the same on every retry, as Razorpay's X-Razorpay-Event-Id.
      const eventId = `evt_${randomBytes(7).toString("hex")}`
      const body = JSON.stringify({
        entity: "event",
        account_id: accountId,
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      })
      return deliver(url, event, body, eventId).catch(() => false)
    },
  }
}
