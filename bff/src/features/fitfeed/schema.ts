import { z } from "zod"

export { CAPTION_MAX, COMMENT_MAX, commentBody, createPostBody, reportBody } from "@fitshop/contracts"

/** Post and comment ids are a bigint sequence: digits only, as the spec's refPost. */
export const DIGITS_ID = /^[1-9][0-9]{0,17}$/

export const FEED_PAGE_SIZE = 50
export const PROFILE_PAGE_SIZE = 18

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

export { decodeCursor, encodeCursor, type Cursor } from "../../lib/page-cursor.js"
