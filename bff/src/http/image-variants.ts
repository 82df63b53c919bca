import { mkdir, rename, rm, stat } from "node:fs/promises"
import path from "node:path"
import type { RequestHandler } from "express"
import sharp from "sharp"
import { IMAGE_WIDTHS } from "../lib/image-variants.js"
import { decodeInTurn, ImagesBusy } from "../lib/images.js"
import { badRequest, notFound, serviceUnavailable } from "./errors.js"

/** The stored files that have sized variants: pictures (uploads are stored as WebP; the seed's are JPEG or PNG). */
const PICTURE = /\.(webp|jpe?g|png|gif|avif)$/i
const NO_VARIANT = "No such picture"

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  )

/**
 * Serves /media/…?w=N (N one of IMAGE_WIDTHS) as a WebP resized once and kept on disk beside the
 * originals; requests without ?w fall through to the plain static files.
 */
export function imageVariants(mediaDir: string): RequestHandler {
  const root = path.resolve(mediaDir)
  const cacheRoot = path.join(root, ".variants")
  return async (req, res, next) => {
    const width = Number(req.query.w)
    if (req.query.w === undefined) return next()
    if (!IMAGE_WIDTHS.includes(width as (typeof IMAGE_WIDTHS)[number])) throw badRequest(`w must be one of ${IMAGE_WIDTHS.join(", ")}`)
    const relative = decodeURIComponent(req.path).replace(/^\/+/, "")
    const source = path.resolve(root, relative)
    if (!source.startsWith(root + path.sep) || relative.startsWith(".variants") || !(await exists(source))) return next()
    // Only pictures have sized variants: a video (or anything else) asked with ?w= has none.
    if (!PICTURE.test(relative)) throw notFound(NO_VARIANT)
    const variant = path.join(cacheRoot, String(width), `${relative}.webp`)
    if (!(await exists(variant))) {
      await mkdir(path.dirname(variant), { recursive: true })
      const partial = `${variant}.${process.pid}.${Date.now()}.tmp`
      try {
        await decodeInTurn(() =>
          sharp(source, { limitInputPixels: 40_000_000 }).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toFile(partial),
        )
      } catch (error) {
        await rm(partial, { force: true })
        if (error instanceof ImagesBusy) throw serviceUnavailable("Too many pictures are being prepared. Please try again in a moment.")
        // Not a picture sharp can read (a damaged or mislabelled file): there is no variant of it.
        throw notFound(NO_VARIANT)
      }
      await rename(partial, variant)
    }
    res.set("Cache-Control", "public, max-age=604800").type("image/webp").sendFile(variant, { dotfiles: "allow" })
  }
}
