import { parse as parseQueryString } from "node:querystring"
import { answerEarly, JSON_TYPE, readRequest, type EarlyHandler } from "../../http/answer-before-express.js"
import type { Authentication } from "../../http/authenticate.js"
import { sendCompressed } from "../../http/compressed-send.js"
import { unauthorized } from "../../http/errors.js"
import { SECURITY_HEADERS } from "../../http/security-headers.js"
import { parse } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import type { Logger } from "../../lib/logger.js"
import { feedFor } from "./posts.js"
import { feedQuery } from "./schema.js"

const FEED_PATH = "/api/fitfeed/feed"

/**
 * `GET /api/fitfeed/feed` (signed in; 401 signed out, 400 for a bad limit), answered on Node's own request
 * and response ahead of Express, as the catalogue's reads are: it is FITFEED's busiest call, and Express's
 * dispatch with the middleware every API request passes was a fifth of its cost (bench/report.md). The
 * answer is no-store, and gzipped (off the event loop) for clients that ask.
 */
export function feedRead({ db, authentication, logger }: { db: Db; authentication: Authentication; logger: Logger }): EarlyHandler {
  return (req, res) => {
    const read = readRequest(req)
    if (read?.path !== FEED_PATH) return false
    return answerEarly(req, res, { path: read.path, route: FEED_PATH }, logger, async () => {
      const user = await authentication.userOf(req)
      if (!user) throw unauthorized()
      const { limit } = parse(feedQuery, parseQueryString(read.query))
      const body = Buffer.from(`{"posts":${await feedFor(db, user.id, limit)}}`)
      const headers = { ...SECURITY_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": "no-store" }
      await sendCompressed(req, res, body, { headers, offTheLoop: true })
    })
  }
}
