import type { ErrorRequestHandler, RequestHandler } from "express"
import type { z } from "zod"
import type { Logger } from "../../../bff/src/lib/logger.js"

/** An error answered in Razorpay's shape: `{ error: { code, description, source, step, reason, metadata, field? } }`. */
export class RazorpayApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: "BAD_REQUEST_ERROR" | "SERVER_ERROR",
    readonly description: string,
    readonly field?: string,
    readonly validation = false,
  ) {
    super(description)
  }

  body() {
    return {
      error: {
        code: this.code,
        description: this.description,
        source: this.validation ? "business" : "NA",
        step: this.validation ? "payment_initiation" : "NA",
        reason: this.validation ? "input_validation_failed" : "NA",
        metadata: {},
        ...(this.field ? { field: this.field } : {}),
      },
    }
  }
}

export const invalidInput = (description: string, field?: string) => new RazorpayApiError(400, "BAD_REQUEST_ERROR", description, field, true)
export const badRequest = (description: string) => new RazorpayApiError(400, "BAD_REQUEST_ERROR", description)
export const unauthenticated = (description: string) => new RazorpayApiError(401, "BAD_REQUEST_ERROR", description)
export const conflict = (description: string) => new RazorpayApiError(409, "BAD_REQUEST_ERROR", description)
/** Razorpay answers 400 (not 404) for an id that belongs to nobody. */
export const unknownId = () => invalidInput("The id provided does not exist")

/** Parses input the way Razorpay reports it: the first thing wrong, with its field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  throw invalidInput(issue.message, issue.path.length ? String(issue.path[0]) : undefined)
}

/** Checks an id's shape (`order_…`, `pay_…`) before it reaches a query. */
export function checkedId(prefix: "order" | "pay", id: string | undefined): string {
  if (!id || !new RegExp(`^${prefix}_[A-Za-z0-9]{1,40}$`).test(id)) throw invalidInput(`${id ?? ""} is not a valid id`)
  return id
}

export const notFoundRoute: RequestHandler = () => {
  throw new RazorpayApiError(404, "BAD_REQUEST_ERROR", "The requested URL was not found on the server.")
}

/** Every emulator error in Razorpay's shape; unknown ones are a 500 whose details stay in the log. */
export function razorpayErrorHandler(logger?: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (err instanceof RazorpayApiError) {
      res.status(err.status).json(err.body())
      return
    }
    const parserError = err as { type?: string }
    if (parserError?.type === "entity.parse.failed" || parserError?.type === "entity.too.large") {
      res.status(400).json(badRequest("The request body is not valid JSON or is too large.").body())
      return
    }
    logger?.error({ err, method: req.method, path: req.path }, "razorpay emulator: unhandled error")
    res.status(500).json(new RazorpayApiError(500, "SERVER_ERROR", "The server encountered an error. The incident has been reported to admins.").body())
  }
}
