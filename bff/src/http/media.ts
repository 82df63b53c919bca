import express, { Router } from "express"
import type { Storage } from "../lib/storage.js"
import { notFoundHandler } from "./error-handler.js"
import { imageVariants } from "./image-variants.js"
import { storedFiles } from "./media-files.js"

/**
 * /media: every stored file (uploads, the seed's product images, Medusa's files) and its ?w= variants, from the
 * configured storage. Files on this host's disk are served by express.static, the fastest way there is.
 */
export function mediaRoutes(storage: Storage): Router {
  const files = storage.directory ? express.static(storage.directory, { maxAge: "7d", fallthrough: true, dotfiles: "deny" }) : storedFiles(storage)
  return Router().use(imageVariants(storage), files, notFoundHandler)
}
