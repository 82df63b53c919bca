import type { IncomingMessage, ServerResponse } from "node:http"
import type { Express } from "express"
import type { Logger } from "../lib/logger.js"
import { errorAnswer, type ErrorAnswer } from "./error-handler.js"
import { logWhenAnswered } from "./request-log.js"
import { SECURITY_HEADERS } from "./security-headers.js"

/** Answers the requests it recognises and returns true; returns false, touching nothing, for the rest. */
export type EarlyHandler = (req: IncomingMessage, res: ServerResponse) => boolean

type Dispatch = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void

export const JSON_TYPE = "application/json; charset=utf-8"

/**
 * Offers each request to the `early` handlers in turn before Express dispatches it; what they all decline
 * goes through Express as usual. For the shop's busiest reads only: Express's own dispatch and the
 * middleware every API request passes cost about 0.1–0.2 ms a request on our 2-core machine, as much as
 * the read itself (bench/report.md).
 */
export function answerBeforeExpress(app: Express, early: EarlyHandler[]): void {
  // `handle` is the entry point of an Express app (what `listen` and supertest call), not in its types.
  const entry = app as unknown as { handle: Dispatch }
  const dispatch = entry.handle.bind(app)
  entry.handle = (req, res, next) => {
    if (!early.some((handler) => handler(req, res))) dispatch(req, res, next)
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
 * Answers `path` with what `answer` sends, logged as Express's routes are; a rejection becomes the same
 * `{ error, message, code }` answer the error handler gives every other route.
 */
export function answerEarly(req: IncomingMessage, res: ServerResponse, path: string, logger: Logger, answer: () => Promise<void>): true {
  if (logger.isLevelEnabled("info")) logWhenAnswered(logger, req, res, path)
  answer().catch((err: unknown) => sendError(res, errorAnswer(err, logger, { method: req.method, path })))
  return true
}
