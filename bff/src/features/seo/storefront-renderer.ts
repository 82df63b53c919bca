import { existsSync } from "node:fs"
import path from "node:path"
import { pathToFileURL } from "node:url"
import type { PageFirstReads, StorefrontRenderer } from "@fitshop/contracts"

/** The storefront's server render, built beside its browser build (`storefront/dist` → `storefront/dist-server`). */
export const serverEntryOf = (storefrontDist: string): string => path.join(path.dirname(path.resolve(storefrontDist)), "dist-server", "entry-server.js")

/** The storefront's server build as the BFF uses it: its render, and the first reads of the pages sent with their answers. */
export type StorefrontServer = StorefrontRenderer & { firstReads: PageFirstReads }

/**
 * Loads the storefront's server build once; null where the storefront was built without it (the pages then come as
 * the app's index.html, and the browser paints them and makes their first reads).
 */
export async function loadStorefrontRenderer(storefrontDist: string): Promise<StorefrontServer | null> {
  const entry = serverEntryOf(storefrontDist)
  if (!existsSync(entry)) return null
  const loaded = (await import(pathToFileURL(entry).href)) as { renderer?: Partial<StorefrontRenderer>; firstReads?: Partial<PageFirstReads> }
  const renderPage = loaded.renderer?.renderPage
  const { home, shop } = loaded.firstReads ?? {}
  if (typeof renderPage !== "function" || typeof home !== "function" || typeof shop !== "function") {
    throw new Error(`${entry} does not export the storefront's renderer and first reads: rebuild the storefront`)
  }
  return { renderPage, firstReads: { home, shop } }
}
