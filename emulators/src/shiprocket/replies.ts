import type { ErrorRequestHandler, RequestHandler } from "express"
import type { z } from "zod"
import { fieldErrors } from "./order-schema.js"

/** An answer in Shiprocket's error shape: `{ message, errors?, status_code }`. */
export class ShiprocketReply extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message)
  }
}

/** Parses a request body; a mismatch is Shiprocket's 422 with messages per field. */
export function parseOr422<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const result = schema.safeParse(body ?? {})
  if (!result.success) throw new ShiprocketReply(422, "Oops! Invalid Data.", fieldErrors(result.error, body))
  return result.data
}

export const shiprocketNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: "404 Not Found", status_code: 404 })
}

/** Answers the emulator's own errors as Shiprocket would; anything unexpected goes on to the app's handler and log. */
export const shiprocketErrors: ErrorRequestHandler = (err, _req, res, next) => {
  const parserError = err as { type?: string }
  const reply =
    err instanceof ShiprocketReply
      ? err
      : parserError?.type === "entity.parse.failed"
        ? new ShiprocketReply(400, "The request body is not valid JSON.")
        : parserError?.type === "entity.too.large"
          ? new ShiprocketReply(413, "The request body is too large.")
          : undefined
  if (!reply) {
    next(err)
    return
  }
  res.status(reply.status).json({ message: reply.message, ...(reply.errors ? { errors: reply.errors } : {}), status_code: reply.status })
}
