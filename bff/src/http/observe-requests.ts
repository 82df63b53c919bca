import type { IncomingMessage, RequestListener } from "node:http"
import { metrics } from "../lib/metrics.js"
import { inServerSpan } from "../lib/tracing.js"
import { REQUEST_ID_HEADER, requestIdFor, withRequestContext, type RequestContext } from "../lib/request-context.js"
import type { TrustProxy } from "./client-address.js"

type ExpressRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string; originalUrl?: string }

/** Where the API's routers are mounted, on both listeners. */
const API_BASE = "/api"

/**
 * The route template a request is counted under: the one its early handler named, the Express route that answered
 * it (`/api/orders/:orderId/returns`), or a few fixed names for the rest, never the path itself (ids would make
 * a series per product).
 */
function routeOf(req: ExpressRequest, context: RequestContext, status: number): string {
  if (context.route) return context.route
  if (typeof req.route?.path === "string") {
    // Leaving the /api router for the error handler (a 4xx thrown by the route) takes its mount off req.baseUrl.
    const base = req.baseUrl || (req.originalUrl?.startsWith(`${API_BASE}/`) ? API_BASE : "")
    return `${base}${req.route.path}`
  }
  if (req.url?.startsWith("/media/")) return "/media"
  return status === 404 ? "unmatched" : "static"
}

/**
 * Wraps the BFF's listener so every request has an id (answered in X-Request-Id, on its log lines, sent on to
 * Medusa and the payment and courier APIs) and, unless `countRequests` is off, is counted in the request metrics;
 * while `traced`, it runs in a server span of its own. The id and the trace come from the proxy's X-Request-Id and
 * traceparent only when the socket's peer is a trusted proxy (TRUST_PROXY).
 */
export function observeRequests(
  listener: RequestListener,
  { trust, countRequests, traced }: { trust: TrustProxy; countRequests: boolean; traced: boolean },
): RequestListener {
  return (req, res) => {
    const started = performance.now()
    const trusted = trust(req.socket.remoteAddress ?? "", 0)
    const context: RequestContext = { requestId: requestIdFor(req, trusted) }
    res.setHeader(REQUEST_ID_HEADER, context.requestId)
    const handle = (endSpan?: (route: string, status: number) => void) => {
      if (countRequests || endSpan) {
        res.once("finish", () => {
          const route = routeOf(req, context, res.statusCode)
          if (countRequests) metrics.httpRequest(req.method ?? "GET", route, res.statusCode, (performance.now() - started) / 1000)
          endSpan?.(route, res.statusCode)
        })
      }
      withRequestContext(req, context, () => listener(req, res))
    }
    if (traced) inServerSpan(req.headers, trusted, req.method ?? "GET", handle)
    else handle()
  }
}
