import type { IncomingMessage, ServerResponse } from "node:http"
import type { Express } from "express"

/** Answers the requests it recognises and returns true; returns false, touching nothing, for the rest. */
export type EarlyHandler = (req: IncomingMessage, res: ServerResponse) => boolean

type Dispatch = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void

/**
 * Offers each request to `early` before Express dispatches it; what it declines goes through Express as
 * usual. For the shop's busiest reads only: Express's own dispatch costs about 0.1 ms a request on our
 * 2-core machine, as much as sending a cached catalogue answer (bench/report.md).
 */
export function answerBeforeExpress(app: Express, early: EarlyHandler): void {
  // `handle` is the entry point of an Express app (what `listen` and supertest call), not in its types.
  const entry = app as unknown as { handle: Dispatch }
  const dispatch = entry.handle.bind(app)
  entry.handle = (req, res, next) => {
    if (!early(req, res)) dispatch(req, res, next)
  }
}
