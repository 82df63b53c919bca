import { escapeHtml } from "../../lib/html.js"

/**
 * JSON text made safe inside <script>: no sequence in the data can close the tag or open a comment
 * (`<`, `>` and `&` can only occur inside JSON strings, where their \u escapes mean the same).
 */
export function scriptJsonText(json: string): string {
  return json.replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026")
}

export const scriptJson = (value: unknown): string => scriptJsonText(JSON.stringify(value))

/** A high-priority preload for a picture the page paints first (its largest paint), with its srcset when it has one. */
export function imagePreloadTag(image: { url: string; srcSet?: string }, sizes: string): string {
  const candidates = image.srcSet ? ` imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(sizes)}"` : ""
  return `<link rel="preload" as="image" href="${escapeHtml(image.url)}"${candidates} fetchpriority="high" />`
}
