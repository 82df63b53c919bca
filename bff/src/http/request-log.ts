import type { IncomingMessage, ServerResponse } from "node:http"
import type { RequestHandler } from "express"
import type { Logger } from "../lib/logger.js"
import { contextOf } from "../lib/request-context.js"

/** Logs one line (method, path, status, milliseconds) once the answer to this request is sent. */
export function logWhenAnswered(logger: Logger, req: IncomingMessage, res: ServerResponse, path: string): void {
  const started = process.hrtime.bigint()
  res.once("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    logger.info({ method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10, reqId: contextOf(req)?.requestId }, "request")
  })
}

/** The health checks' paths: asked every few seconds by the proxy and the orchestrator, so never logged. */
export const isHealthPath = (path: string) => path === "/api/health" || path.startsWith("/api/health/")

/**
 * One line per answered request. Deliberately lean: the catalogue answers thousands of requests a second,
 * and a child logger per request cost a third of that. Query strings are left out (they may carry e-mail
 * addresses and reset tokens).
 */
export function requestLog(logger: Logger, skip: (path: string) => boolean = () => false): RequestHandler {
  return (req, res, next) => {
    if (!skip(req.path) && logger.isLevelEnabled("info")) logWhenAnswered(logger, req, res, req.originalUrl.split("?")[0]!)
    next()
  }
}
