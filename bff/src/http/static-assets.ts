import { existsSync } from "node:fs"
import path from "node:path"
import express, { type RequestHandler } from "express"
import { HttpError } from "./errors.js"

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const

/**
 * Files the browser must check with us on every use: a new service worker (and the offline page and manifest it
 * goes with) reaches people at their next visit instead of up to an hour later.
 */
const ALWAYS_CHECKED = new Set(["sw.js", "offline.html", "manifest.webmanifest"])

/**
 * A built front end's files. Hashed files under /assets never change, so browsers keep them for a
 * year; the build's .br/.gz siblings are sent when the browser accepts them (no per-request compression).
 * One this build lacks is a 404 no cache keeps, never the app's page behind it.
 */
export function staticAssets(dist: string): RequestHandler[] {
  const precompressed: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next()
    const relative = path.posix.normalize(decodeURIComponent(req.path))
    if (!relative.startsWith("/assets/") || relative.includes("..")) return next()
    const file = path.join(dist, relative)
    // Our preference (smallest first) among what the browser accepts; browsers list gzip before br.
    const encoding = ENCODINGS.find((e) => req.acceptsEncodings(e.name) === e.name && existsSync(file + e.suffix))
    if (!encoding || !existsSync(file)) return next()
    res.set({ "Content-Encoding": encoding.name, Vary: "Accept-Encoding", "Cache-Control": "public, max-age=31536000, immutable" })
    res.type(path.extname(file))
    res.sendFile(file + encoding.suffix, { dotfiles: "deny" }, (error) => error && next(error))
  }
  const plain = express.static(dist, {
    index: false,
    setHeaders: (res, file) => {
      const relative = path.relative(dist, file).split(path.sep).join("/")
      if (relative.startsWith("assets/")) res.setHeader("Cache-Control", "public, max-age=31536000, immutable")
      else res.setHeader("Cache-Control", ALWAYS_CHECKED.has(relative) ? "no-cache" : "public, max-age=3600")
    },
  })
  // A tab of the previous build asks for its chunk after a rollout: the page's HTML run as script would break it
  // silently, a 404 fails the import and the app reloads onto this build. Kept by no cache: the file may come back.
  const missing: RequestHandler = (req, _res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.path.startsWith("/assets/")) return next()
    next(new HttpError(404, "not_found", "This build has no such file.", { "Cache-Control": "no-store" }))
  }
  return [precompressed, plain, missing]
}
