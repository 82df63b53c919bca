import { randomUUID } from "node:crypto"
import { badRequest, HttpError, serviceUnavailable } from "../../http/errors.js"
import type { Db } from "../../lib/db.js"
import { ImageRefused, ImagesBusy, webpSquare, webpVariants, type ImageRefusal } from "../../lib/images.js"
import type { Storage } from "../../lib/storage.js"
import { uploadsRepository, type UploadRow } from "./repository.js"
import {
  base64DecodedLength,
  dataUrlPayload,
  NOT_A_VIDEO,
  NOT_AN_IMAGE,
  NOT_OUR_IMAGE,
  sniffVideo,
  strictBase64,
  TOO_LARGE,
  TOO_MANY_PIXELS,
  UNREADABLE,
  UPLOAD_MAX_BYTES,
  UPLOAD_PATH,
} from "./schema.js"

/** An image a shopper uploaded, as stored: a full WebP and its 480 px thumbnail under /media. */
export type Upload = { id: string; userId: string; url: string; thumbnailUrl: string; width: number; height: number }

type Options = {
  db: Db
  storage: Storage
  /** The shop's own origin: absolute links to its uploads (`https://shop/media/uploads/…`) count as the path. */
  publicUrl?: string
}

export const imageTooLarge = (message = TOO_LARGE) => new HttpError(413, "payload_too_large", message)

const REFUSALS: Record<ImageRefusal, string> = { unsupported: NOT_AN_IMAGE, unreadable: UNREADABLE, too_many_pixels: TOO_MANY_PIXELS }

const IMAGES_BUSY = "Too many pictures are being processed right now. Please try again in a moment."

/** Runs image processing, turning its typed refusals into the 400s a person can act on (and a full queue into a 503). */
async function refusingBadImages<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ImageRefused) throw badRequest(REFUSALS[error.reason])
    if (error instanceof ImagesBusy) throw serviceUnavailable(IMAGES_BUSY)
    throw error
  }
}

function toUpload(row: UploadRow): Upload {
  return { id: row.id, userId: row.user_id, url: row.url, thumbnailUrl: row.thumb_url, width: row.width, height: row.height }
}

/**
 * The one way an image gets into the shop: bytes are sniffed, decoded under a pixel limit, re-encoded
 * without metadata and stored; an image link is only ever one of the shopper's own uploads, never fetched.
 */
export function uploadsService({ db, storage, publicUrl }: Options) {
  const uploads = uploadsRepository(db)
  const origin = publicUrl ? new URL(publicUrl).origin : undefined

  /** The /media path an image link names when it is on this shop; undefined for anything else. */
  function localPath(imageUrl: string): string | undefined {
    if (imageUrl.startsWith("/") && !imageUrl.startsWith("//")) return imageUrl
    if (!origin || !URL.canParse(imageUrl)) return undefined
    const url = new URL(imageUrl)
    if (url.origin !== origin || url.search || url.hash || url.username || url.password) return undefined
    return url.pathname
  }

  async function storeImage(userId: string, bytes: Buffer): Promise<Upload> {
    if (bytes.length > UPLOAD_MAX_BYTES) throw imageTooLarge()
    const image = await refusingBadImages(() => webpVariants(bytes))
    const id = randomUUID()
    const [full, thumb] = await Promise.all([
      storage.put(`uploads/${id}.webp`, image.full, "image/webp"),
      storage.put(`uploads/${id}-480.webp`, image.thumb, "image/webp"),
    ])
    const row = await uploads.insert({ id, user_id: userId, url: full.url, thumb_url: thumb.url, width: image.width, height: image.height })
    return toUpload(row)
  }

  async function storeDataUrl(userId: string, dataUrl: string): Promise<Upload> {
    const payload = dataUrlPayload(dataUrl)
    if (!payload.ok) throw badRequest(REFUSALS[payload.reason])
    if (base64DecodedLength(payload.base64) > UPLOAD_MAX_BYTES) throw imageTooLarge()
    const bytes = strictBase64(payload.base64)
    if (!bytes) throw badRequest(UNREADABLE)
    return storeImage(userId, bytes)
  }

  async function ownUpload(userId: string, url: string): Promise<Upload | undefined> {
    const row = await uploads.ofUser(userId, url)
    return row && toUpload(row)
  }

  return {
    /** Processes untrusted bytes and stores the image as the user's upload; 400/413 for what is not a usable image. */
    storeImage,

    /** A `data:image/(jpeg|png|gif|webp);base64,…` URL, decoded strictly; its bytes, not its declared type, decide. */
    storeDataUrl,

    /** The user's upload stored at exactly this url, if it is theirs. */
    ownUpload,

    /** A post's image: a data URL is stored as a new upload, a link must be one of the user's own uploads; otherwise 400. */
    async resolveImage(userId: string, imageUrl: string): Promise<Upload> {
      const link = imageUrl.trim()
      if (/^data:/i.test(link)) return storeDataUrl(userId, link)
      const path = localPath(link)
      const upload = path && UPLOAD_PATH.test(path) ? await ownUpload(userId, path) : undefined
      if (!upload) throw badRequest(NOT_OUR_IMAGE)
      return upload
    },

    /** A product video (MP4 or WebM by its bytes), stored as it came under videos/; answers its url. The route caps its size. */
    async storeVideo(bytes: Buffer): Promise<string> {
      const kind = sniffVideo(bytes)
      if (!kind) throw badRequest(NOT_A_VIDEO)
      const { url } = await storage.put(`videos/${randomUUID()}.${kind.extension}`, bytes, kind.contentType)
      return url
    },

    /** An avatar: the image cropped to a size×size WebP, stored under avatars/; answers its url. */
    async storeAvatar(bytes: Buffer, size: number): Promise<string> {
      const webp = await refusingBadImages(() => webpSquare(bytes, size))
      const { url } = await storage.put(`avatars/${randomUUID()}.webp`, webp, "image/webp")
      return url
    },
  }
}

export type UploadsService = ReturnType<typeof uploadsService>
