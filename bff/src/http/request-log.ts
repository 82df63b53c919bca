import type { RequestHandler } from "express"
import type { Logger } from "../lib/logger.js"

/**
 * One line per answered request (method, path, status, milliseconds). Deliberately lean: the catalogue
 * answers thousands of requests a second, and a child logger per request cost a third of that.
 * Query strings are left out (they may carry e-mail addresses and reset tokens).
 */
export function requestLog(logger: Logger, skip: (path: string) => boolean = () => false): RequestHandler {
  return (req, res, next) => {
    if (skip(req.path) || !logger.isLevelEnabled("info")) return next()
    const started = process.hrtime.bigint()
    res.once("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      logger.info({ method: req.method, path: req.originalUrl.split("?")[0], status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request")
    })
    next()
  }
}
