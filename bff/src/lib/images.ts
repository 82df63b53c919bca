import sharp from "sharp"

export type ImageKind = "jpeg" | "png" | "webp" | "gif"

/** The image type by its first bytes, whatever the file name or declared type say. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg"
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png"
  if (bytes.length >= 12 && bytes.toString("ascii", 0, 4) === "RIFF" && bytes.toString("ascii", 8, 12) === "WEBP") return "webp"
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString("ascii", 0, 6))) return "gif"
  return undefined
}

/** Decodes and re-encodes to WebP: orientation applied, metadata (EXIF, GPS) dropped, at most size×size. */
export async function reencodeSquare(bytes: Buffer, size: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
    .rotate()
    .resize(size, size, { fit: "cover", position: "attention" })
    .webp({ quality: 85 })
    .toBuffer()
}
