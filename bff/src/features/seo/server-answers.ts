import { scriptJsonText } from "./html.js"

/** The storefront's id for the block (storefront lib/server-answers SERVER_ANSWERS_ELEMENT_ID). */
const SERVER_ANSWERS_ELEMENT_ID = "server-answers"

/** A read's key on both sides: path and parameters sorted by name (storefront lib/api-client sortedUrl). */
export function sortedUrl(path: string, params: Record<string, string> = {}): string {
  const search = new URLSearchParams(params)
  search.sort()
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

export type ServerAnswer = { url: string; body: Buffer }

/**
 * The `<script type="application/json">` that hands the storefront the answers to a page's first API reads,
 * exactly as the API sends them (`url` from sortedUrl), so its first render needs no request.
 */
export function serverAnswersTag(answers: ServerAnswer[], sentAt: number): string {
  const entries = answers.map(({ url, body }) => `${JSON.stringify(url)}:${body.toString("utf8")}`)
  const json = scriptJsonText(`{"sentAt":${sentAt},"answers":{${entries.join(",")}}}`)
  return `<script type="application/json" id="${SERVER_ANSWERS_ELEMENT_ID}">${json}</script>`
}

/** Adds tags at the end of a page's head. */
export const withHeadTags = (html: string, tags: string[]): string => html.replace(/\s*<\/head>/, `\n    ${tags.join("\n    ")}\n  </head>`)
