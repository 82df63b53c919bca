import { createHash } from "node:crypto"

/** CSP sources ('sha256-…') naming a page's inline scripts and stylesheets exactly. */
export type InlineSources = { script: string[]; style: string[] }

export const NO_INLINE_SOURCES: InlineSources = { script: [], style: [] }

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi
/** Data blocks (`application/json`, `application/ld+json`) are not scripts: the browser never runs them, CSP ignores them. */
const RUNS = (attributes: string) => !/\bsrc\s*=/i.test(attributes) && !/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

/**
 * The hashes that allow the inline scripts and stylesheets of `html` under a policy without 'unsafe-inline':
 * the browser hashes an element's text exactly as written, so these are taken from the very page that is sent.
 */
export function inlineSourcesOf(html: string): InlineSources {
  const script = [...html.matchAll(SCRIPT)].filter(([, attributes = ""]) => RUNS(attributes)).map(([, , text = ""]) => sha256(text))
  const style = [...html.matchAll(STYLE)].map(([, text = ""]) => sha256(text))
  return { script: [...new Set(script)], style: [...new Set(style)] }
}
