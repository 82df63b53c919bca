import { VIDEO_UPLOAD_MAX_BYTES } from "@fitshop/contracts"
import { Router, type RequestHandler } from "express"
import multer from "multer"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { badRequest } from "../../http/errors.js"
import { noStore } from "../../http/no-store.js"
import { enforceLimits, perUserAndAddress, rateLimit, type Limit } from "../../http/rate-limit.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { presentUpload } from "./presenter.js"
import { NOT_A_VIDEO, noFileMessage, noVideoMessage, sniffVideo, tooLargeMessage, UPLOAD_MAX_BYTES, videoTooLargeMessage } from "./schema.js"
import { imageTooLarge, type UploadsService } from "./service.js"

const HOUR = 60 * 60_000

type Options = {
  uploads: UploadsService
  authentication: Authentication
  limiter: RateLimiter
  /** Uploads per user per hour (tests pass a small one). */
  perUserPerHour?: number
  /** Uploads per address per hour: a few people's worth behind one NAT. */
  perIpPerHour?: number
  /** Uploads (images and videos) per member of staff per hour. */
  staffPerHour?: number
}

/**
 * Staff fill the catalogue: a product takes several pictures and perhaps a video, and a morning's new
 * drop is dozens of products, so staff get ten times a shopper's budget (their own, not a shopper's).
 */
const STAFF_PER_HOUR = 300
/** A team uploading from one office. */
const STAFF_PER_ADDRESS = 3

/** A shopper's image uploads (photos for posts, avatars): one budget, per person and per address. */
export function shopperUploadLimits(perUserPerHour = 30, perIpPerHour = 120): Limit[] {
  return perUserAndAddress("upload-image", HOUR, perUserPerHour, perIpPerHour)
}

/** Room for the multipart framing around a file (boundaries, part headers, a few small fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/**
 * Reads one multipart file into memory as `req.file`; too large is the 413 a person can read, a misnamed
 * field a 400. A body whose declared length is already too large is refused before a byte of it is read.
 */
function receiveFile(
  field: string,
  maxBytes: number,
  messages: { tooLarge: string; noFile: string },
  storage: multer.StorageEngine = multer.memoryStorage(),
): RequestHandler {
  const single = multer({ storage, limits: { fileSize: maxBytes, files: 1, fields: 5 } }).single(field)
  return (req, res, next) => {
    const declared = Number(req.headers["content-length"])
    if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) return next(imageTooLarge(messages.tooLarge))
    single(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError && error.code === "LIMIT_FILE_SIZE") return next(imageTooLarge(messages.tooLarge))
      if (error instanceof multer.MulterError && error.code === "LIMIT_UNEXPECTED_FILE") return next(badRequest(messages.noFile))
      next(error)
    })
  }
}

/** Bytes enough to tell an MP4 (ftyp box) or a WebM (EBML header with its DocType) from anything else. */
const VIDEO_SNIFF_BYTES = 64

/**
 * Keeps an uploaded file in memory only while its first bytes say it is a video: anything else is read
 * through to the end (so the request completes) without being kept, and refused.
 */
function sniffedVideoStorage(): multer.StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const chunks: Buffer[] = []
      let size = 0
      let verdict: "video" | "refused" | undefined
      const decide = () => {
        verdict = sniffVideo(Buffer.concat(chunks)) ? "video" : "refused"
        if (verdict === "refused") chunks.length = 0
      }
      file.stream.on("data", (chunk: Buffer) => {
        if (verdict === "refused") return
        chunks.push(chunk)
        size += chunk.length
        if (!verdict && size >= VIDEO_SNIFF_BYTES) decide()
      })
      file.stream.on("error", (error: Error) => callback(error))
      file.stream.on("end", () => {
        if (!verdict) decide()
        if (verdict === "refused") return callback(badRequest(NOT_A_VIDEO))
        callback(null, { buffer: Buffer.concat(chunks), size })
      })
    },
    _removeFile(_req, _file, callback) {
      callback(null)
    },
  }
}

/** Reads one multipart image into memory as `req.file` (see receiveFile). */
export function receiveImage(field: string, maxBytes: number): RequestHandler {
  return receiveFile(field, maxBytes, { tooLarge: tooLargeMessage(maxBytes), noFile: noFileMessage(field) })
}

/** POST /api/uploads/image: a shopper's photo, re-encoded and stored, for a post or an avatar; POST /api/uploads/video: a product video, staff only. */
export function uploadRoutes({ uploads, authentication, limiter, perUserPerHour = 30, perIpPerHour = 120, staffPerHour = STAFF_PER_HOUR }: Options): Router {
  const router = Router()
  const shopperLimits = shopperUploadLimits(perUserPerHour, perIpPerHour)
  const staffLimits = perUserAndAddress("upload-staff", HOUR, staffPerHour, staffPerHour * STAFF_PER_ADDRESS)
  const limited: RequestHandler = async (req, _res, next) => {
    await enforceLimits(limiter, req, req.user?.role === "admin" ? staffLimits : shopperLimits)
    next()
  }

  router.post("/uploads/image", authentication.requireUser, limited, receiveImage("image", UPLOAD_MAX_BYTES), async (req, res) => {
    if (!req.file) throw badRequest(noFileMessage("image"))
    const upload = await uploads.storeImage(currentUser(req).id, req.file.buffer)
    res.status(201).json(presentUpload(upload))
  })

  const videoMessages = { tooLarge: videoTooLargeMessage(VIDEO_UPLOAD_MAX_BYTES), noFile: noVideoMessage("video") }
  const receiveVideo = receiveFile("video", VIDEO_UPLOAD_MAX_BYTES, videoMessages, sniffedVideoStorage())
  router.post("/uploads/video", authentication.requireStaff, rateLimit(limiter, staffLimits), noStore, receiveVideo, async (req, res) => {
    if (!req.file) throw badRequest(noVideoMessage("video"))
    res.status(201).json({ url: await uploads.storeVideo(req.file.buffer) })
  })

  return router
}
