import { pino, type DestinationStream, type Logger } from "pino"
import { currentRequest } from "./request-context.js"

export type { Logger }

/**
 * Every line written while a request is handled carries its id (`reqId`), as the answer's X-Request-Id does. Lines go
 * to standard output, or to `destination` (a test reading them back).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: "bff" },
    redact: ["req.headers.authorization", "req.headers.cookie"],
    mixin: () => {
      const request = currentRequest()
      return request ? { reqId: request.requestId } : {}
    },
  }
  return destination ? pino(options, destination) : pino(options)
}
