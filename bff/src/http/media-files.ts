import path from "node:path"
import { pipeline } from "node:stream/promises"
import express, { type Request, type RequestHandler, type Response } from "express"
import { isShopMediaKey, type ByteRange, type Storage } from "../lib/storage.js"

/** Stored files are named once and never rewritten (a new upload gets a new name), so browsers keep them a week. */
export const MEDIA_CACHE_CONTROL = "public, max-age=604800"

/** The types of the names the shop stores (uploads are WebP, MP4 or WebM; the seed's JPEG or PNG), as express.static sends them. */
const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
}

/** Pictures and videos; not SVG, a picture that can carry script. */
const PICTURE_OR_VIDEO = /^(?:image\/(?!svg)|video\/)[\w.+-]+$/i

/**
 * The type /media serves a file as: its stored type, else its name's; undefined when that is not a picture or a
 * video (a CSV export, a page, a file of no known type), which /media never serves.
 */
export function servedMediaType(key: string, storedType: string | undefined): string | undefined {
  const type = storedType?.split(";")[0]?.trim() || TYPE_BY_EXTENSION[path.extname(key).toLowerCase()]
  return type && PICTURE_OR_VIDEO.test(type) ? type.toLowerCase() : undefined
}

/**
 * The one range of a `Range: bytes=…` header, as express.static honours it; undefined (the whole file) for several
 * ranges, a malformed header, or an If-Range, whose validator we can't check before reading the file.
 */
export function requestedRange(req: Request): ByteRange | undefined {
  const header = req.get("range")
  if (!header || req.get("if-range")) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return undefined
  const [, start = "", end = ""] = match
  if (!start) return end ? { suffix: Number(end) } : undefined
  const range = { start: Number(start), end: end ? Number(end) : undefined }
  return range.end === undefined || range.end >= range.start ? range : undefined
}

/**
 * Answers a stored file as express.static answers one from disk: validators (ETag, Last-Modified) and a 304 for a
 * fresh copy, one byte range, the week-long cache. False when there is no such file, or it is neither a picture nor
 * a video (nothing is sent).
 */
export async function sendStored(req: Request, res: Response, storage: Storage, key: string): Promise<boolean> {
  const file = await storage.get(key, requestedRange(req))
  if (!file) return false
  const type = servedMediaType(key, file.contentType)
  if (!type) {
    file.body.destroy()
    return false
  }
  res.set({ "Cache-Control": MEDIA_CACHE_CONTROL, "Accept-Ranges": "bytes", ETag: file.etag, "Last-Modified": file.lastModified.toUTCString() })
  res.type(type)
  if (req.fresh) {
    file.body.destroy()
    res.status(304).end()
    return true
  }
  if (file.range) res.status(206).set("Content-Range", `bytes ${file.range.start}-${file.range.end}/${file.size}`)
  res.set("Content-Length", String(file.contentLength))
  if (req.method === "HEAD") {
    file.body.destroy()
    res.end()
    return true
  }
  // A client that leaves, or storage failing mid-file, ends the answer cut short: there is nobody left to tell.
  await pipeline(file.body, res).catch(() => undefined)
  return true
}

/**
 * The stored file a /media request names (`/uploads/x.webp` → `uploads/x.webp`); undefined outside the shop's own
 * folders, and for traversal, dotfiles and the like.
 */
export function mediaKeyOf(req: Request): string | undefined {
  const key = decodeURIComponent(req.path).replace(/^\//, "")
  return isShopMediaKey(key) ? key : undefined
}

/**
 * Serves /media's files from this host's folder with express.static, the fastest way there is, but only pictures and
 * videos (by name, as express.static types them) in the shop's own folders; anything else falls through (to a 404).
 */
export function diskFiles(directory: string): RequestHandler {
  const serve = express.static(directory, { maxAge: "7d", fallthrough: true, dotfiles: "deny" })
  return (req, res, next) => {
    const key = mediaKeyOf(req)
    if (!key || !servedMediaType(key, undefined)) return next()
    return serve(req, res, next)
  }
}

/** Serves /media's files from a storage that isn't this host's disk; anything it hasn't falls through (to a 404). */
export function storedFiles(storage: Storage): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next()
    const key = mediaKeyOf(req)
    if (!key || !(await sendStored(req, res, storage, key))) next()
  }
}
