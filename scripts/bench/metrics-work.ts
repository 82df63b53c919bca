import { EventEmitter } from "node:events"
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http"
import { observeRequests } from "../../bff/src/http/observe-requests.js"

/**
 * The work REQUEST_METRICS=on adds to each request, timed in this process: the BFF's own request wrapper
 * (observe-requests.ts: the request id, and, when counting, the finish listener, the route template and the
 * histogram) around a handler that answers at once, counting and not, in alternating blocks.
 */
export type MetricsWork = {
  blocks: number
  requestsPerBlock: number
  /** The median block's time per request, counting and not (ns). */
  onNs: number
  offNs: number
  /** What counting adds per request (ns): on − off. */
  addedNs: number
}

/** Counts under the listing's own route template, as the BFF does for GET /api/products. */
const answerAtOnce: RequestListener = (req, res) => {
  Object.assign(req, { baseUrl: "/api", route: { path: "/products" } })
  res.emit("finish")
}

function fakeExchange(): [IncomingMessage, ServerResponse] {
  const req = { method: "GET", url: "/api/products?gender=MEN", originalUrl: "/api/products?gender=MEN", headers: {}, socket: { remoteAddress: "127.0.0.1" } }
  const res = Object.assign(new EventEmitter(), { statusCode: 200, setHeader: () => undefined })
  return [req as unknown as IncomingMessage, res as unknown as ServerResponse]
}

function nanosecondsPerRequest(listener: RequestListener, requests: number): number {
  const started = process.hrtime.bigint()
  for (let i = 0; i < requests; i++) listener(...fakeExchange())
  return Number(process.hrtime.bigint() - started) / requests
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export function measureMetricsWork({ blocks = 40, requestsPerBlock = 20_000 } = {}): MetricsWork {
  const counting = observeRequests(answerAtOnce, { trust: () => false, countRequests: true, traced: false })
  const notCounting = observeRequests(answerAtOnce, { trust: () => false, countRequests: false, traced: false })
  // The first blocks compile both paths; not timed.
  for (let i = 0; i < 4; i++) nanosecondsPerRequest(i % 2 ? counting : notCounting, requestsPerBlock)
  const on: number[] = []
  const off: number[] = []
  for (let block = 0; block < blocks; block++) {
    if (block % 2) on.push(nanosecondsPerRequest(counting, requestsPerBlock))
    else off.push(nanosecondsPerRequest(notCounting, requestsPerBlock))
  }
  const onNs = median(on)
  const offNs = median(off)
  return { blocks, requestsPerBlock, onNs, offNs, addedNs: onNs - offNs }
}
