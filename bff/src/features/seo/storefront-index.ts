import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { inlineSourcesOf, type InlineSources } from "../../http/inline-sources.js"

/** The storefront's index.html, every page's start, and the hashes its inline script and stylesheet are allowed by. */
export type StorefrontIndex = { html: string; inlineSources: InlineSources }

/** Read once per process, as the build it names the files of is; null while the storefront isn't built. */
export function readStorefrontIndex(storefrontDist: string): StorefrontIndex | null {
  const file = path.join(storefrontDist, "index.html")
  if (!existsSync(file)) return null
  const html = readFileSync(file, "utf8")
  return { html, inlineSources: inlineSourcesOf(html) }
}
