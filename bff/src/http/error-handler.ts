import type { ErrorRequestHandler, RequestHandler } from "express"
import { isDatabaseUnavailable } from "../lib/db.js"
import { CommerceUnreachable } from "../lib/medusa.js"
import type { Logger } from "../lib/logger.js"
import { badRequest, HttpError, notFound, serviceUnavailable } from "./errors.js"

/** What a shopper reads while PostgreSQL restarts or can't be reached. */
export const DATABASE_UNAVAILABLE = "The shop is briefly unavailable. Please try again in a moment."
/** What anyone reads when a request needed Medusa (accounts, checkout) and it isn't answering. */
export const COMMERCE_UNREACHABLE = "This part of the shop isn't answering right now. Please try again in a minute."
/** A restart takes seconds; clients (and the storefront) wait this long before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5
/** Every request fails the same way during an outage: the log says so once in this long, not once a request. */
const OUTAGE_LOG_EVERY_MS = 60_000
const outageLoggedAt = new WeakMap<Logger, Map<string, number>>()

type BodyParserError = Error & { type?: string; status?: number }

function multerError(error: Error & { code?: string }): HttpError {
  if (error.code === "LIMIT_FILE_SIZE") return new HttpError(413, "payload_too_large", "The file is too large.")
  return new HttpError(400, "bad_request", `Upload rejected: ${error.message}`)
}

function asHttpError(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err
  const parserError = err as BodyParserError
  if (parserError?.type === "entity.parse.failed") return new HttpError(400, "bad_request", "Request body is not valid JSON")
  if (parserError?.type === "entity.too.large") return new HttpError(413, "payload_too_large", "Request body is too large")
  if (parserError?.name === "MulterError") return multerError(parserError as Error & { code?: string })
  // A malformed %-escape in the path (the router's parameter decoding, or a decodeURIComponent of ours): the client's mistake.
  if (err instanceof URIError) return badRequest("The address has a malformed %-escape.")
  // http-errors from Express internals (send, static): a client error they mark safe to show.
  const httpError = err as { status?: unknown; expose?: unknown; message?: string }
  if (typeof httpError?.status === "number" && httpError.status >= 400 && httpError.status < 500 && httpError.expose === true) {
    return new HttpError(httpError.status, httpError.status === 404 ? "not_found" : "bad_request", httpError.message ?? "Bad request")
  }
  return undefined
}

function errorBody(code: string, message: string) {
  return { error: message, message, code }
}

/**
 * Refuses a path with a malformed %-escape (`/media/%`, `/shop/%E0%A4%A`) with a 400 before any route reads it, so
 * every route (static files, which would fall through to a 404, included) answers it the same way.
 */
export const refuseMalformedPath: RequestHandler = (req, _res, next) => {
  if (req.path.includes("%")) decodeURIComponent(req.path)
  next()
}

export const notFoundHandler: RequestHandler = (req) => {
  throw notFound(`No route for ${req.method} ${req.baseUrl}${req.path}`)
}

type RequestLine = { method?: string | undefined; path: string }

/** Logs a dependency's outage at warn, once a minute per dependency, however many requests it fails. */
function logOutage(logger: Logger, what: string, err: unknown, request: RequestLine): void {
  const loggedAt = outageLoggedAt.get(logger) ?? new Map<string, number>()
  outageLoggedAt.set(logger, loggedAt)
  const last = loggedAt.get(what)
  if (last !== undefined && Date.now() - last < OUTAGE_LOG_EVERY_MS) return
  loggedAt.set(what, Date.now())
  logger.warn({ err, method: request.method, path: request.path }, `${what} unavailable; answering 503 (logged once a minute)`)
}

/** A database that can't be reached (a restart, a network fault) is a 503 saying to try again shortly. */
function databaseUnavailable(err: unknown, logger: Logger, request: RequestLine): HttpError | undefined {
  if (!isDatabaseUnavailable(err)) return undefined
  logOutage(logger, "database", err, request)
  return serviceUnavailable(DATABASE_UNAVAILABLE, DATABASE_RETRY_AFTER_SECONDS)
}

/** Medusa down or hanging, where the route has no answer of its own for it (sign-in, sign-up): a 503. */
function commerceUnreachable(err: unknown, logger: Logger, request: RequestLine): HttpError | undefined {
  if (!(err instanceof CommerceUnreachable)) return undefined
  logOutage(logger, "Medusa", err, request)
  return serviceUnavailable(COMMERCE_UNREACHABLE, 30)
}

/** What to answer for an error: its status, headers and `{ error, message, code }` body. */
export type ErrorAnswer = { status: number; headers: Record<string, string>; body: Record<string, unknown> }

/** Maps every error to its answer; unknown ones become a 500 whose details stay in the log. */
export function errorAnswer(err: unknown, logger: Logger, request: RequestLine): ErrorAnswer {
  const known = asHttpError(err) ?? databaseUnavailable(err, logger, request) ?? commerceUnreachable(err, logger, request)
  if (known) return { status: known.status, headers: known.headers, body: { ...known.details, ...errorBody(known.code, known.message) } }
  logger.error({ err, method: request.method, path: request.path }, "unhandled error")
  return { status: 500, headers: {}, body: errorBody("internal_error", "Something went wrong") }
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const answer = errorAnswer(err, logger, { method: req.method, path: req.path })
    res.status(answer.status).set(answer.headers).json(answer.body)
  }
}
