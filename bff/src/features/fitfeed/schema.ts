import { PRODUCT_ID_PATTERN } from "@fitshop/contracts"
import { z } from "zod"

/** Post and comment ids are a bigint sequence: digits only, as the spec's refPost. */
export const DIGITS_ID = /^[1-9][0-9]{0,17}$/

export const FEED_PAGE_SIZE = 50
export const PROFILE_PAGE_SIZE = 18
export const CAPTION_MAX = 500
export const COMMENT_MAX = 500

export const ALREADY_POSTED = "You have already posted a fit for this product"
export const NOT_BOUGHT = "You can only post a fit for a product you bought."
export const POST_NOT_FOUND = "Post not found"

const RANGE = `must be a whole number from 1 to ${FEED_PAGE_SIZE}`

/** A page size: at most a feed page, `fallback` when not given. */
const pageSize = (fallback: number) => z.coerce.number({ error: RANGE }).int(RANGE).min(1, RANGE).max(FEED_PAGE_SIZE, RANGE).default(fallback)

export const feedQuery = z.object({ limit: pageSize(FEED_PAGE_SIZE) })

export const profilePostsQuery = z.object({ limit: pageSize(PROFILE_PAGE_SIZE), cursor: z.string().max(200).optional() })

/** Data URLs of 10 MB images are about 13.4 MB of text; the upload pipeline checks the decoded size. */
export const CREATE_POST_BODY_LIMIT = "14mb"

export const createPostBody = z.object({
  kind: z.literal("REGULAR", { error: "must be REGULAR" }).default("REGULAR"),
  productId: z.string({ error: "Please select the product you bought." }).regex(PRODUCT_ID_PATTERN, "Please select the product you bought."),
  text: z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || value.length <= CAPTION_MAX, `The caption can be at most ${CAPTION_MAX} characters.`),
  imageUrl: z.string({ error: "Please add a photo." }).min(1, "Please add a photo."),
})

export const commentBody = z.object({
  text: z
    .string({ error: "Write a comment first." })
    .trim()
    .min(1, "Write a comment first.")
    .max(COMMENT_MAX, `A comment can be at most ${COMMENT_MAX} characters.`),
})

export const reportBody = z.object({
  reason: z
    .string({ error: "Tell us what is wrong with this post." })
    .trim()
    .min(1, "Tell us what is wrong with this post.")
    .max(500, "Keep the reason under 500 characters."),
})

/** A profile page's position: the last post shown (its time in microseconds since 1970, and its id), opaque to clients. */
export type Cursor = { createdAtMicros: string; id: string }

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAtMicros, cursor.id])).toString("base64url")
}

const cursorShape = z.tuple([z.string().regex(/^[0-9]{1,18}$/), z.string().regex(DIGITS_ID)])

export function decodeCursor(raw: string): Cursor | undefined {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")))
    return parsed.success ? { createdAtMicros: parsed.data[0], id: parsed.data[1] } : undefined
  } catch {
    return undefined
  }
}
