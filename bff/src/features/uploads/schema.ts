/** The largest image accepted, as a file or as the decoded bytes of a data URL. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024

export const NOT_AN_IMAGE = "Only JPEG, PNG, GIF or WebP images can be uploaded."
/** What a 413 for an image over `maxBytes` says. */
export const tooLargeMessage = (maxBytes: number) => `Images can be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`
export const TOO_LARGE = tooLargeMessage(UPLOAD_MAX_BYTES)
export const UNREADABLE = "The image could not be read. Try another file."
export const TOO_MANY_PIXELS = "The image has too many pixels (at most 50 megapixels). Try a smaller one."
export const NOT_OUR_IMAGE = "Upload the photo to this shop first: links to images elsewhere are not accepted."
/** What a 400 for a multipart request without the image's field says. */
export const noFileMessage = (field: string) => `Choose an image to upload (field '${field}').`

/** The types a data URL may declare; its bytes are still sniffed, so the declaration only gates entry. */
const DATA_URL_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"])

/** A stored upload's path as the Storage answers it: the full image, never the thumbnail. */
export const UPLOAD_PATH = /^\/media\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/

export type DataUrlPayload = { ok: true; base64: string } | { ok: false; reason: "unsupported" | "unreadable" }

/** Splits `data:image/<type>;base64,<payload>`: only the four image types, only base64. */
export function dataUrlPayload(dataUrl: string): DataUrlPayload {
  const comma = dataUrl.indexOf(",")
  if (!/^data:/i.test(dataUrl) || comma < 0) return { ok: false, reason: "unreadable" }
  const [type = "", ...parameters] = dataUrl.slice(5, comma).toLowerCase().split(";")
  if (!DATA_URL_TYPES.has(type)) return { ok: false, reason: "unsupported" }
  if (parameters.join(";") !== "base64") return { ok: false, reason: "unreadable" }
  return { ok: true, base64: dataUrl.slice(comma + 1) }
}

/** How many bytes canonical base64 of this length decodes to, known before decoding anything. */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0
  return Math.floor((base64.length * 3) / 4) - padding
}

/** Decodes canonical, padded base64 only: Node's decoder skips junk silently, so the round trip must match. */
export function strictBase64(base64: string): Buffer | undefined {
  if (base64.length % 4 !== 0) return undefined
  const bytes = Buffer.from(base64, "base64")
  return bytes.toString("base64") === base64 ? bytes : undefined
}

export const NOT_A_VIDEO = "Only MP4 or WebM videos can be uploaded."
/** What a 413 for a video over `maxBytes` says. */
export const videoTooLargeMessage = (maxBytes: number) => `Videos can be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`
/** What a 400 for a multipart request without the video's field says. */
export const noVideoMessage = (field: string) => `Choose a video to upload (field '${field}').`

/** ISO base media brands of MP4 video; HEIC/AVIF images and QuickTime share the ftyp box but not these brands. */
const MP4_BRANDS = new Set(["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso8", "iso9", "mp41", "mp42", "avc1", "dash", "mmp4", "M4V ", "MSNV", "f4v "])
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3])

export type VideoKind = { extension: "mp4" | "webm"; contentType: "video/mp4" | "video/webm" }

/**
 * What a file is by its first bytes, never by its name or declared type: MP4 starts with an ftyp box
 * naming an MP4 brand, WebM with the EBML header whose DocType is "webm" (not Matroska's "matroska").
 */
export function sniffVideo(bytes: Buffer): VideoKind | undefined {
  if (bytes.length >= 12 && bytes.toString("latin1", 4, 8) === "ftyp" && MP4_BRANDS.has(bytes.toString("latin1", 8, 12))) {
    return { extension: "mp4", contentType: "video/mp4" }
  }
  if (bytes.subarray(0, 4).equals(EBML_MAGIC) && bytes.subarray(0, 64).includes("webm", 0, "latin1")) return { extension: "webm", contentType: "video/webm" }
  return undefined
}
