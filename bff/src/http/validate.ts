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
