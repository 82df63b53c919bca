import { availableParallelism } from "node:os"
import sharp from "sharp"
import { firstComeQueue, QueueFull } from "./first-come-queue.js"

export type ImageKind = "jpeg" | "png" | "webp" | "gif"

/** Why untrusted bytes were not made into an image: not one of ours by content, not decodable, or too many pixels. */
export type ImageRefusal = "unsupported" | "unreadable" | "too_many_pixels"

/** A typed refusal, so callers answer 4xx for bad input and keep 500s for real faults. */
export class ImageRefused extends Error {
  constructor(
    readonly reason: ImageRefusal,
    options?: ErrorOptions,
  ) {
    super(`Image refused: ${reason}`, options)
  }
}

/** Up to a 48 MP phone photo; beyond that a small file is likely a decompression bomb. */
export const MAX_INPUT_PIXELS = 50_000_000
/** The stored image fits inside this square: enough for the full-screen post viewer, small enough to load fast. */
export const FULL_MAX_SIZE = 1350
export const THUMB_WIDTH = 480

/** Re-encoded WebP variants of one image; width and height are the full variant's. */
export type WebpVariants = { full: Buffer; thumb: Buffer; width: number; height: number }

/** Every image was decoded too busily to take another now (the decoding queue is full). */
export class ImagesBusy extends Error {}

/**
 * Decoding an image costs CPU in proportion to its pixels (a 207 KB PNG of 7070×7070 takes 1.4 s of a core), so
 * the whole process decodes at most one image per core at once; the rest wait their turn, and past a few
 * hundred waiting a request is refused (ImagesBusy) rather than queued for ever.
 */
const decoding = firstComeQueue({ concurrency: Math.max(1, availableParallelism()), capacity: 200 })

/** Runs one image's decoding work in its turn (every sharp pipeline on untrusted or stored pictures goes through here). */
export async function decodeInTurn<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await decoding.run(work)
  } catch (error) {
    if (error instanceof QueueFull) throw new ImagesBusy("too many images are being processed", { cause: error })
    throw error
  }
}

/** The image type by its first bytes, whatever the file name or declared type say. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg"
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png"
  if (bytes.length >= 12 && bytes.toString("ascii", 0, 4) === "RIFF" && bytes.toString("ascii", 8, 12) === "WEBP") return "webp"
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString("ascii", 0, 6))) return "gif"
  return undefined
}

function refusalOf(error: unknown): ImageRefused {
  if (error instanceof ImageRefused) return error
  const message = error instanceof Error ? error.message : ""
  return new ImageRefused(/pixel limit/i.test(message) ? "too_many_pixels" : "unreadable", { cause: error })
}

/**
 * Checks the bytes by content and header, then answers a factory of decoders (first frame only, EXIF
 * orientation applied, any decoder warning such as a truncated file refused); sharp writes no metadata
 * unless asked, so every output is free of EXIF, GPS, XMP and ICC.
 */
async function decoderFor(bytes: Buffer): Promise<() => sharp.Sharp> {
  const kind = sniffImage(bytes)
  if (!kind) throw new ImageRefused("unsupported")
  const decode = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: "warning" }).autoOrient()
  const header = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch((error: unknown) => {
      throw refusalOf(error)
    })
  if (header.format !== kind) throw new ImageRefused("unsupported")
  if (!header.width || !header.height) throw new ImageRefused("unreadable")
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new ImageRefused("too_many_pixels")
  return decode
}

/** Untrusted bytes → a WebP within FULL_MAX_SIZE and a THUMB_WIDTH-wide one, neither enlarged; throws ImageRefused. */
export async function webpVariants(bytes: Buffer): Promise<WebpVariants> {
  return decodeInTurn(async () => {
    const decode = await decoderFor(bytes)
    try {
      const [full, thumb] = await Promise.all([
        decode().resize(FULL_MAX_SIZE, FULL_MAX_SIZE, { fit: "inside", withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true }),
        decode().resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
      ])
      return { full: full.data, thumb, width: full.info.width, height: full.info.height }
    } catch (error) {
      throw refusalOf(error)
    }
  })
}

/** Untrusted bytes → a size×size WebP cropped to the interesting part (avatars); throws ImageRefused. */
export async function webpSquare(bytes: Buffer, size: number): Promise<Buffer> {
  return decodeInTurn(async () => {
    const decode = await decoderFor(bytes)
    try {
      return await decode().resize(size, size, { fit: "cover", position: "attention" }).webp({ quality: 85 }).toBuffer()
    } catch (error) {
      throw refusalOf(error)
    }
  })
}
