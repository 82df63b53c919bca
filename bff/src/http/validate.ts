import type { Request, RequestHandler, Response } from "express"
import type { z } from "zod"
import { badRequest } from "./errors.js"

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ")
}

/**
 * Parses input against a schema; a mismatch is a 400 naming each field that is wrong, or, with
 * `bare`, saying only the schema's own messages (for texts a person reads word for word).
 */
export function parse<Schema extends z.ZodType>(schema: Schema, input: unknown, { bare = false } = {}): z.infer<Schema> {
  const result = schema.safeParse(input)
  if (!result.success) throw badRequest(bare ? [...new Set(result.error.issues.map((issue) => issue.message))].join(" ") : describe(result.error))
  return result.data
}

/** A schema, or a function that reads the value and throws its own error (an id that names nothing is a 404, not a 400). */
type Reader = z.ZodType | ((raw: Record<string, unknown>) => unknown)
type Read<R> = R extends z.ZodType ? z.infer<R> : R extends (raw: Record<string, unknown>) => infer T ? T : never

type Readers = { params?: Reader; query?: Reader; body?: Reader; bare?: boolean }
/** What a validated handler receives: each part the route declared, parsed and typed. */
export type Input<Declared extends Readers> = { [Part in Exclude<keyof Declared, "bare">]: Read<Declared[Part]> }

function read(reader: Reader, raw: Record<string, unknown>, bare: boolean): unknown {
  return typeof reader === "function" ? reader(raw) : parse(reader, raw, { bare })
}

/**
 * A route's validation step and its handler in one: params, query and body are read in that order (the first
 * wrong one answers), and the handler receives them parsed and typed, so it never calls `parse` itself.
 */
export function validated<Declared extends Readers>(
  declared: Declared,
  handler: (req: Request, res: Response, input: Input<Declared>) => Promise<void> | void,
): RequestHandler {
  const { bare = false } = declared
  return async (req, res) => {
    const input: Record<string, unknown> = {}
    if (declared.params) input.params = read(declared.params, req.params, bare)
    if (declared.query) input.query = read(declared.query, req.query, bare)
    if (declared.body) input.body = read(declared.body, req.body, bare)
    await handler(req, res, input as Input<Declared>)
  }
}
