import { Router } from "express"
import { absoluteUrl } from "./page-head.js"

/** What crawlers are asked to leave alone: the console, a person's own pages, sign-in and the API. */
export const DISALLOWED_PATHS = ["/admin", "/account", "/cart", "/wishlist", "/payments", "/login", "/forgot-password", "/reset-password", "/api/"]

/** robots.txt: everything else may be crawled, and the sitemap is named by its absolute address. */
export function robotsText(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml", publicUrl)}`,
    "",
  ].join("\n")
}

export function robotsRoutes(publicUrl: string): Router {
  const text = robotsText(publicUrl)
  return Router().get("/robots.txt", (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").type("text/plain").send(text)
  })
}
