import { Router } from "express"
import type { Storage } from "../lib/storage.js"
import { notFoundHandler } from "./error-handler.js"
import { imageVariants } from "./image-variants.js"
import { diskFiles, storedFiles } from "./media-files.js"

/**
 * /media: the pictures and videos of the shop's own folders (uploads, the seed's product images, Medusa's files) and
 * their ?w= variants, from the configured storage; anything else stored there is a 404, as a missing file is.
 */
export function mediaRoutes(storage: Storage): Router {
  const files = storage.directory ? diskFiles(storage.directory) : storedFiles(storage)
  return Router().use(imageVariants(storage), files, notFoundHandler)
}
