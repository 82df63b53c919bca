import { parse as parseQueryString } from "node:querystring"
import { reviewsQuery } from "@fitshop/contracts"
import { answerEarly, JSON_TYPE, readRequest, type EarlyHandler } from "../../http/answer-before-express.js"
import type { Authentication } from "../../http/authenticate.js"
import { sendCompressed } from "../../http/compressed-send.js"
import { SECURITY_HEADERS } from "../../http/security-headers.js"
import { parse } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import type { Logger } from "../../lib/logger.js"
import { productIdParams } from "../catalog/index.js"
import { reviewsPage } from "./reviews-page.js"

const REVIEWS_PATH = /^\/api\/products\/([^/]+)\/reviews$/
const ROUTE = "/api/products/:id/reviews"

/**
 * `GET /api/products/{id}/reviews`, answered on Node's own request and response ahead of Express, as the product read
 * is: every product page a shopper opens in the app reads it. Signed in, the reader's own review shows (marked mine,
 * hidden too); bad input is a 400 with the same bodies as every other route. No-store: a review shows at once.
 */
export function reviewsRead({ db, authentication, logger }: { db: Db; authentication: Authentication; logger: Logger }): EarlyHandler {
  return (req, res) => {
    const read = readRequest(req)
    const match = read && REVIEWS_PATH.exec(read.path)
    if (!read || !match) return false
    return answerEarly(req, res, { path: read.path, route: ROUTE }, logger, async () => {
      const { id } = parse(productIdParams, { id: match[1]! })
      const query = parse(reviewsQuery, parseQueryString(read.query))
      const reader = await authentication.userOf(req)
      const filter = { rating: query.rating, withPhoto: query.photo === "true" }
      const page = await reviewsPage(db, reader?.id ?? null, id, { limit: query.limit, cursor: query.cursor, filter })
      const headers = { ...SECURITY_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": "no-store" }
      await sendCompressed(req, res, Buffer.from(JSON.stringify(page)), { headers })
    })
  }
}
