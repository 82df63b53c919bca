import { parse as parseQueryString } from "node:querystring"
import { adminSearchQueriesQuery, SEARCH_API_PATH, SEARCH_SUGGEST_PATH, searchQuerySchema, searchSuggestQuerySchema } from "@fitshop/contracts"
import { Router } from "express"
import { answerEarly, readRequest, type EarlyHandler } from "../../http/answer-before-express.js"
import type { Authentication } from "../../http/authenticate.js"
import { noStore } from "../../http/no-store.js"
import { parse, validated } from "../../http/validate.js"
import type { Logger } from "../../lib/logger.js"
import { sendCachedAnswer, type CachedAnswer } from "../catalog/index.js"
import type { SearchService } from "./service.js"

/**
 * `GET /api/search` and `GET /api/search/suggest`, answered ahead of Express like the listing they stand beside (every
 * keystroke asks for suggestions). Bad input is a 400 with the contract's words; answers carry an ETag.
 */
export function searchReads(search: SearchService, logger: Logger): EarlyHandler {
  return (req, res) => {
    const read = readRequest(req)
    if (!read || (read.path !== SEARCH_API_PATH && read.path !== SEARCH_SUGGEST_PATH)) return false
    const { path, query } = read
    return answerEarly(req, res, { path, route: path }, logger, async () => {
      const answer: CachedAnswer =
        path === SEARCH_API_PATH
          ? await search.search(parse(searchQuerySchema, parseQueryString(query)))
          : await search.suggest(parse(searchSuggestQuerySchema, parseQueryString(query)).q)
      sendCachedAnswer(req, res, answer)
    })
  }
}

/** The console's view of what shoppers search for: staff only. */
export function searchAdminRoutes(search: SearchService, authentication: Authentication): Router {
  const router = Router()
  router.get(
    "/admin/search/queries",
    authentication.requireStaff,
    noStore,
    validated({ query: adminSearchQueriesQuery }, async (_req, res, { query }) => {
      res.json(await search.queries(query.days))
    }),
  )
  return router
}
