import type { IncomingMessage, RequestListener, ServerResponse } from "node:http"
import type { Express } from "express"
import type { Logger } from "../lib/logger.js"
import { currentRequest } from "../lib/request-context.js"
import { errorAnswer, type ErrorAnswer } from "./error-handler.js"
import { logWhenAnswered } from "./request-log.js"
import { SECURITY_HEADERS } from "./security-headers.js"

/**
 * Answers the requests it recognises and returns true; returns false, touching nothing, for the rest. One that took a
 * request may still hand it to Express (`toExpress`) before it has touched the response: when what it looked up says
 * Express's route must answer after all.
 */
export type EarlyHandler = (req: IncomingMessage, res: ServerResponse, toExpress: () => void) => boolean

export const JSON_TYPE = "application/json; charset=utf-8"

/**
 * The BFF's request listener: each request is offered to the `early` handlers in turn, and what they all
 * decline goes to Express. For the shop's busiest reads only: Express's own dispatch and the middleware
 * every API request passes cost about 0.1–0.2 ms a request on our 2-core machine, as much as the read
 * itself (bench/report.md). main.ts serves it and the tests drive it, so both see the same routes.
 */
export function answerBeforeExpress(early: EarlyHandler[], express: Express): RequestListener {
  return (req, res) => {
    const toExpress = () => void express(req, res)
    if (!early.some((handler) => handler(req, res, toExpress))) toExpress()
  }
}

/** A GET or HEAD request's path (one trailing slash ignored, as Express's routes do) and query string. */
export function readRequest(req: IncomingMessage): { path: string; query: string } | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined
  const url = req.url ?? ""
  const queryAt = url.indexOf("?")
  return {
    path: (queryAt === -1 ? url : url.slice(0, queryAt)).replace(/(.)\/$/, "$1"),
    query: queryAt === -1 ? "" : url.slice(queryAt + 1),
  }
}

function sendError(res: ServerResponse, { status, headers, body }: ErrorAnswer) {
  const json = JSON.stringify(body)
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers, "Content-Type": JSON_TYPE, "Content-Length": Buffer.byteLength(json) }).end(json)
}

/**
 * Answers `path` with what `answer` sends, logged and counted as Express's routes are (`route` is its template, as
 * metrics name it); a rejection becomes the same `{ error, message, code }` answer the error handler gives every other route.
 */
export function answerEarly(
  req: IncomingMessage,
  res: ServerResponse,
  { path, route }: { path: string; route: string },
  logger: Logger,
  answer: () => Promise<void>,
): true {
  const context = currentRequest()
  if (context) context.route = route
  if (logger.isLevelEnabled("info")) logWhenAnswered(logger, req, res, path)
  answer().catch((err: unknown) => sendError(res, errorAnswer(err, logger, { method: req.method, path })))
  return true
}
