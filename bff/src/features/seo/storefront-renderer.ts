import { existsSync } from "node:fs"
import path from "node:path"
import { pathToFileURL } from "node:url"
import type { StorefrontRenderer } from "@fitshop/contracts"

/** The storefront's server render, built beside its browser build (`storefront/dist` → `storefront/dist-server`). */
export const serverEntryOf = (storefrontDist: string): string => path.join(path.dirname(path.resolve(storefrontDist)), "dist-server", "entry-server.js")

/**
 * Loads the storefront's server render once; null where the storefront was built without it (the pages then
 * come as the app's index.html with their answers, and the browser paints them).
 */
export async function loadStorefrontRenderer(storefrontDist: string): Promise<StorefrontRenderer | null> {
  const entry = serverEntryOf(storefrontDist)
  if (!existsSync(entry)) return null
  const loaded = (await import(pathToFileURL(entry).href)) as { renderer?: Partial<StorefrontRenderer> }
  const renderPage = loaded.renderer?.renderPage
  if (typeof renderPage !== "function") throw new Error(`${entry} does not export the storefront's renderer: rebuild the storefront`)
  return { renderPage }
}
