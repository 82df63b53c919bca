import { Router, type RequestHandler } from "express"
import multer from "multer"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { badRequest } from "../../http/errors.js"
import { rateLimit, type Limit } from "../../http/rate-limit.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { presentUpload } from "./presenter.js"
import { noFileMessage, tooLargeMessage, UPLOAD_MAX_BYTES } from "./schema.js"
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
}

/** Reads one multipart file into memory as `req.file`; too large is the 413 a person can read, a misnamed field a 400. */
export function receiveImage(field: string, maxBytes: number): RequestHandler {
  const single = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5 } }).single(field)
  return (req, res, next) => {
    single(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError && error.code === "LIMIT_FILE_SIZE") return next(imageTooLarge(tooLargeMessage(maxBytes)))
      if (error instanceof multer.MulterError && error.code === "LIMIT_UNEXPECTED_FILE") return next(badRequest(noFileMessage(field)))
      next(error)
    })
  }
}

/** POST /api/uploads/image: a shopper's photo, re-encoded and stored, for a post or an avatar. */
export function uploadRoutes({ uploads, authentication, limiter, perUserPerHour = 30, perIpPerHour = 120 }: Options): Router {
  const router = Router()
  const limits: Limit[] = [
    { name: "upload-image-user", limit: perUserPerHour, windowMs: HOUR, key: (req) => req.user?.id },
    { name: "upload-image-ip", limit: perIpPerHour, windowMs: HOUR, key: (req) => req.ip },
  ]

  router.post("/uploads/image", authentication.requireUser, rateLimit(limiter, limits), receiveImage("image", UPLOAD_MAX_BYTES), async (req, res) => {
    if (!req.file) throw badRequest(noFileMessage("image"))
    const upload = await uploads.storeImage(currentUser(req).id, req.file.buffer)
    res.status(201).json(presentUpload(upload))
  })

  return router
}
