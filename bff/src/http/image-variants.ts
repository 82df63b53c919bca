import { mkdir, rename, stat } from "node:fs/promises"
import path from "node:path"
import type { RequestHandler } from "express"
import sharp from "sharp"
import { IMAGE_WIDTHS } from "../lib/image-variants.js"
import { badRequest } from "./errors.js"

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
    const variant = path.join(cacheRoot, String(width), `${relative}.webp`)
    if (!(await exists(variant))) {
      await mkdir(path.dirname(variant), { recursive: true })
      const partial = `${variant}.${process.pid}.${Date.now()}.tmp`
      await sharp(source, { limitInputPixels: 40_000_000 }).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toFile(partial)
      await rename(partial, variant)
    }
    res.set("Cache-Control", "public, max-age=604800").type("image/webp").sendFile(variant, { dotfiles: "allow" })
  }
}
