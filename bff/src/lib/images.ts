import sharp from "sharp"

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
}

/** Untrusted bytes → a size×size WebP cropped to the interesting part (avatars); throws ImageRefused. */
export async function webpSquare(bytes: Buffer, size: number): Promise<Buffer> {
  const decode = await decoderFor(bytes)
  try {
    return await decode().resize(size, size, { fit: "cover", position: "attention" }).webp({ quality: 85 }).toBuffer()
  } catch (error) {
    throw refusalOf(error)
  }
}
