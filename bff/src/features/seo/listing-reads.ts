import { listProductsQuery, toSearchParams, type ListingFirstRead } from "@fitshop/contracts"
import { parse } from "../../http/validate.js"
import type { CatalogService } from "../catalog/index.js"
import { listingAnswer, listingImagePreloads, type ServerAnswer } from "./server-answers.js"

/**
 * Answers a page's first catalogue reads (the storefront's server build names them) as `GET /api/products` answers
 * the page's own requests: their parameters as its query string carries them, validated the same way. With them,
 * preloads for the pictures the page paints first.
 */
export async function answerListingReads(catalog: CatalogService, reads: ListingFirstRead[]): Promise<{ answers: ServerAnswer[]; tags: string[] }> {
  const answered = await Promise.all(
    reads.map(async ({ params, paintedFirst }) => {
      const query: Record<string, string> = Object.fromEntries(toSearchParams(params))
      const answer = await catalog.listProducts(parse(listProductsQuery, query))
      return { answer: listingAnswer(query, answer), preloads: paintedFirst ? listingImagePreloads(answer, paintedFirst.count, paintedFirst.sizes) : [] }
    }),
  )
  return { answers: answered.map(({ answer }) => answer), tags: answered.flatMap(({ preloads }) => preloads) }
}
