import { SERVER_ANSWERS_ELEMENT_ID, sortedUrl, type ProductList } from "@fitshop/contracts"
import { answerData, primaryImage, type CachedAnswer } from "../catalog/index.js"
import { imagePreloadTag, scriptJsonText } from "./html.js"

export { sortedUrl }

/** The answer to one of a page's first reads, keyed as the storefront looks it up (sortedUrl). */
export type ServerAnswer = { url: string; answer: CachedAnswer }

/** The answer to a `GET /api/products` read with these parameters. */
export const listingAnswer = (params: Record<string, string>, answer: CachedAnswer<ProductList>): ServerAnswer => ({
  url: sortedUrl("/api/products", params),
  answer,
})

/** Preloads for the pictures of a listing answer's first `count` products, shown at `sizes`. */
export function listingImagePreloads(answer: CachedAnswer<ProductList>, count: number, sizes: string): string[] {
  return answerData(answer)
    .products.slice(0, count)
    .flatMap((product) => {
      const image = primaryImage(product)
      return image ? [imagePreloadTag(image, sizes)] : []
    })
}

/** The status of a page's read that failed (a product that does not exist: 404), keyed as its answer would be. */
export type ServerFailures = Record<string, number>

/**
 * The `<script type="application/json">` that hands the storefront the answers to a page's first API reads,
 * exactly as the API sends them (`url` from sortedUrl), so its first render needs no request; and the status
 * of the reads that failed, so it shows that at once too.
 */
export function serverAnswersTag(answers: ServerAnswer[], sentAt: number, failures: ServerFailures = {}): string {
  const entries = answers.map(({ url, answer }) => `${JSON.stringify(url)}:${answer.body.toString("utf8")}`)
  const failed = Object.keys(failures).length ? `,"failures":${JSON.stringify(failures)}` : ""
  const json = scriptJsonText(`{"sentAt":${sentAt},"answers":{${entries.join(",")}}${failed}}`)
  return `<script type="application/json" id="${SERVER_ANSWERS_ELEMENT_ID}">${json}</script>`
}

/** Adds tags at the end of a page's head (a replacer function: a product's `$&` or `$'` must stay text). */
export const withHeadTags = (html: string, tags: string[]): string => html.replace(/\s*<\/head>/, () => `\n    ${tags.join("\n    ")}\n  </head>`)
