import { AsyncLocalStorage } from "node:async_hooks"
import { randomUUID } from "node:crypto"
import type { IncomingMessage } from "node:http"
import type { Context } from "@opentelemetry/api"
import { traceHeaders } from "./tracing.js"

/** What the BFF knows of the request it is working for, wherever that work is (a log line, a call to Medusa). */
export type RequestContext = {
  readonly requestId: string
  /** The route's template for metrics (`/api/products/:id`), set by whichever router answered. */
  route?: string
}

export const REQUEST_ID_HEADER = "x-request-id"

/** What a proxy's or a caller's id may look like: a UUID, a ULID, a trace id; anything else is replaced by our own. */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

const storage = new AsyncLocalStorage<RequestContext>()
const contexts = new WeakMap<IncomingMessage, RequestContext>()

/**
 * The request's id: the one the trusted proxy sent (X-Request-Id), so the proxy's log and ours name the same request,
 * or one of our own. Anyone else's header is ignored: a client must not choose the id our logs file its request under.
 */
export function requestIdFor(req: IncomingMessage, fromTrustedProxy: boolean): string {
  const given = fromTrustedProxy ? req.headers[REQUEST_ID_HEADER] : undefined
  return typeof given === "string" && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID()
}

/** Runs `work` (the request's whole handling) with `context` as the current request's. */
export function withRequestContext<T>(req: IncomingMessage, context: RequestContext, work: () => T): T {
  contexts.set(req, context)
  return storage.run(context, work)
}

/**
 * Runs `work` (a job's run) as part of the request with id `requestId`, the one that queued it: its log lines and
 * onward calls name that request. Without an id (work a schedule queued) it runs as part of none.
 */
export function asPartOfRequest<T>(requestId: string | null, work: () => T): T {
  return requestId === null ? storage.exit(work) : storage.run({ requestId }, work)
}

/** The context of the request being handled here, or whose job is running; none for a schedule's work. */
export const currentRequest = (): RequestContext | undefined => storage.getStore()

/** The context given to `req`, read from the request itself (an event handler may run outside the request's async context). */
export const contextOf = (req: IncomingMessage): RequestContext | undefined => contexts.get(req)

/**
 * The headers that carry the current request on to Medusa, Razorpay or Shiprocket: its id (none outside a request) and,
 * while tracing is on, its trace context (`carried`: a client span's, else the request's own).
 */
export function onwardHeaders(carried?: Context): Record<string, string> {
  const context = storage.getStore()
  return { ...(context ? { [REQUEST_ID_HEADER]: context.requestId } : {}), ...traceHeaders(carried) }
}
