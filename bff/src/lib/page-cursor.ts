import { z } from "zod"

/** A row id of a bigint sequence: digits only. */
const ROW_ID = /^[1-9][0-9]{0,17}$/

/**
 * A newest-first page's position (a profile's posts, a product's reviews): the last row shown, its time in microseconds
 * since 1970 and its id (a bigint sequence), opaque to clients.
 */
export type Cursor = { createdAtMicros: string; id: string }

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAtMicros, cursor.id])).toString("base64url")
}

const cursorShape = z.tuple([z.string().regex(/^[0-9]{1,18}$/), z.string().regex(ROW_ID)])

export function decodeCursor(raw: string): Cursor | undefined {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")))
    return parsed.success ? { createdAtMicros: parsed.data[0], id: parsed.data[1] } : undefined
  } catch {
    return undefined
  }
}
