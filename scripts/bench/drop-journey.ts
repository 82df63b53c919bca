import { messageOf, NO_ANSWER, type Answer } from "./drop-http.js"

/** One request of a shopper's drop, as the report counts it. */
/** When an answer arrived (performance.now(), ms). */
export const answeredAt = (answer: Pick<Answer, "startedAt" | "ms">) => answer.startedAt + answer.ms

export type DropRequest = { step: string; status: number; startedAt: number; ms: number; message: string; soldOut: boolean }

/** What happened to one shopper in a drop: every request, and when their checkout started and their order was confirmed. */
export type Journey = { requests: DropRequest[]; checkoutStartedAt?: number; orderedAt?: number; orderId?: string }

/** Records each answer of a journey under its step; `soldOut` says which answers tell the shopper the size is gone. */
export function journeyRecorder(soldOut: (answer: Answer) => boolean) {
  const journey: Journey = { requests: [] }
  const record = (step: string, answer: Answer): Answer => {
    journey.requests.push({
      step,
      status: answer.status,
      startedAt: answer.startedAt,
      ms: answer.ms,
      message: answer.status >= 300 || answer.status === NO_ANSWER ? messageOf(answer) || String(answer.body).slice(0, 200) : "",
      soldOut: soldOut(answer),
    })
    return answer
  }
  /** The checkout's first request: the drop's window for orders per second starts at the earliest of these. */
  const checkoutStarted = (answer: Answer) => (journey.checkoutStartedAt = answer.startedAt)
  /** The order confirmed to the shopper at `at` (when the confirming answer arrived). */
  const ordered = (orderId: string, at: number) => {
    journey.orderId = orderId
    journey.orderedAt = at
  }
  return { journey, record, checkoutStarted, ordered }
}

/** A barrier: every shopper waits on `go`, and `release` sends them all at once. */
export function startingLine() {
  let release = () => undefined as void
  const go = new Promise<void>((resolve) => (release = resolve))
  return { go, release: () => release() }
}
