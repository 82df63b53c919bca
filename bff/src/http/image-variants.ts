import { buffer } from "node:stream/consumers"
import type { RequestHandler } from "express"
import sharp from "sharp"
import { IMAGE_WIDTHS, variantKey } from "../lib/image-variants.js"
import { decodeInTurn, ImagesBusy } from "../lib/images.js"
import type { Storage } from "../lib/storage.js"
import { badRequest, notFound, serviceUnavailable } from "./errors.js"
import { MEDIA_CACHE_CONTROL, mediaKeyOf, sendStored } from "./media-files.js"

/** The stored files that have sized variants: pictures (uploads are stored as WebP; the seed's are JPEG or PNG). */
const PICTURE = /\.(webp|jpe?g|png|gif|avif)$/i
const NO_VARIANT = "No such picture"
/** Far beyond any picture we store (uploads are at most 10 MB): a bigger "picture" is not read into memory whole. */
const MAX_PICTURE_BYTES = 50 * 1024 * 1024

const isImageWidth = (width: number): width is (typeof IMAGE_WIDTHS)[number] => IMAGE_WIDTHS.includes(width as (typeof IMAGE_WIDTHS)[number])

/** The picture resized to `width` as a WebP; 404 for what sharp can't read, 503 when the decoding queue is full. */
async function resized(original: Buffer, width: number): Promise<Buffer> {
  try {
    return await decodeInTurn(() =>
      sharp(original, { limitInputPixels: 40_000_000 }).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    )
  } catch (error) {
    if (error instanceof ImagesBusy) throw serviceUnavailable("Too many pictures are being prepared. Please try again in a moment.")
    // Not a picture sharp can read (a damaged or mislabelled file): there is no variant of it.
    throw notFound(NO_VARIANT)
  }
}

/**
 * Serves /media/…?w=N (N one of IMAGE_WIDTHS) as a WebP resized once and kept in the storage beside the originals
 * (under .variants/, which /media never serves by name); requests without ?w fall through to the plain files.
 */
export function imageVariants(storage: Storage): RequestHandler {
  return async (req, res, next) => {
    if (req.query.w === undefined) return next()
    const width = Number(req.query.w)
    if (!isImageWidth(width)) throw badRequest(`w must be one of ${IMAGE_WIDTHS.join(", ")}`)
    const key = mediaKeyOf(req)
    if (!key) return next()
    // Only pictures have sized variants: a video (or anything else) asked with ?w= has none.
    if (!PICTURE.test(key)) throw notFound(NO_VARIANT)
    if (await sendStored(req, res, storage, variantKey(key, width))) return
    const original = await storage.get(key)
    if (!original) return next()
    if (original.size > MAX_PICTURE_BYTES) {
      original.body.destroy()
      throw notFound(NO_VARIANT)
    }
    const variant = await resized(await buffer(original.body), width)
    // Two replicas making the same variant at once both store the same bytes; either copy serves.
    await storage.put(variantKey(key, width), variant, "image/webp")
    res.set("Cache-Control", MEDIA_CACHE_CONTROL).type("image/webp").send(variant)
  }
}
