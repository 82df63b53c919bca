import { SITE_NAME, type PageMeta } from "@fitshop/contracts"
import { escapeHtml } from "../../lib/html.js"
import { withHeadTags } from "./server-answers.js"

/** How a shared link previews (Open Graph, and Twitter's card from the same words). */
export type LinkPreview = {
  type: "website" | "product" | "article" | "profile"
  /** The preview's own title (without the site's name, which og:site_name carries). */
  title: string
  /** An absolute address or a path on the shop's origin. */
  image?: string
  imageAlt?: string
  /** Further `property` tags of the type (product:price:amount, profile:username, …). */
  properties?: [string, string][]
}

/** An address on the shop's public origin; absolute addresses stay as they are. */
export const absoluteUrl = (url: string, publicUrl: string): string => (/^https?:\/\//.test(url) ? url : new URL(url, publicUrl).toString())

const meta = (attribute: "name" | "property", key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`

/** A page's description and canonical link, and its link preview when it has one (its <title> is set by withPageHead). */
export function pageHeadTags(page: PageMeta, publicUrl: string, preview?: LinkPreview): string[] {
  const url = page.canonicalPath === null ? null : absoluteUrl(page.canonicalPath, publicUrl)
  const tags = [
    meta("name", "description", page.description),
    ...(url ? [`<link rel="canonical" href="${escapeHtml(url)}" />`] : []),
    ...(page.noindex ? [meta("name", "robots", "noindex")] : []),
  ]
  if (!preview) return tags
  const image = preview.image ? absoluteUrl(preview.image, publicUrl) : undefined
  return [
    ...tags,
    meta("property", "og:type", preview.type),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:title", preview.title),
    meta("property", "og:description", page.description),
    ...(url ? [meta("property", "og:url", url)] : []),
    meta("property", "og:locale", "en_IN"),
    ...(image ? [meta("property", "og:image", image), ...(preview.imageAlt ? [meta("property", "og:image:alt", preview.imageAlt)] : [])] : []),
    ...(preview.properties ?? []).map(([key, value]) => meta("property", key, value)),
    meta("name", "twitter:card", image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", preview.title),
    meta("name", "twitter:description", page.description),
    ...(image ? [meta("name", "twitter:image", image)] : []),
  ]
}

/**
 * The storefront's index.html as this page: its title, and its own description in place of the generic one, with
 * `tags` (pageHeadTags, preloads, the server answers) at the end of the head. Replacer functions: a product's `$&`
 * or `$'` must stay text.
 */
export function withPageHead(indexHtml: string, page: PageMeta, tags: string[]): string {
  const titled = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/\s*<meta name="description"[^>]*>/, "")
  return withHeadTags(titled, tags)
}
