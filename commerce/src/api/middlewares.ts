import path from "node:path"
import { defineMiddlewares } from "@medusajs/framework/http"
import express from "express"

const mediaDir = path.resolve(process.env.MEDIA_DIR || path.join(process.cwd(), "..", "var", "media"))

/**
 * Product images are stored as /media/… paths that the BFF serves to shoppers; Medusa serves the same
 * folder read-only so the ops dashboard on its own origin shows the thumbnails too.
 */
export default defineMiddlewares({
  routes: [
    {
      matcher: "/media",
      middlewares: [express.static(mediaDir, { index: false, fallthrough: false, maxAge: "7d" })],
    },
  ],
})
