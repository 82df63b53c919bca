import { createReadStream } from "node:fs"
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import type { Readable } from "node:stream"

/** Bytes `start` to `end` (both included, as HTTP counts them), or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number | undefined } | { suffix: number }

/** One stored file opened for reading; `body` must be read to its end or destroyed. */
export type StoredFile = {
  body: Readable
  /** As stored; undefined when the storage keeps none (local disk: the name's extension says). */
  contentType: string | undefined
  /** The bytes in `body`: the range's when a range was served. */
  contentLength: number
  /** The whole file's size. */
  size: number
  etag: string
  lastModified: Date
  /** The bytes served when a range was asked and could be served; undefined for the whole file. */
  range: { start: number; end: number } | undefined
}

/** Where uploaded and generated files live: this host's disk, or S3-compatible storage every replica shares. */
export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<{ url: string }>
  /** The file, or undefined when there is none; a range the file can't satisfy is ignored (the whole file comes). */
  get(key: string, range?: ByteRange): Promise<StoredFile | undefined>
  /** Set when the files are on this host's disk, in this folder, so they can be served straight from it. */
  readonly directory?: string
}

/** Generated files (image variants) live under this folder, which /media never serves by name. */
export const GENERATED_FOLDER = ".variants"

/**
 * A file's key as /media names it (`uploads/x.webp`): slash-separated segments, none empty or starting with a dot
 * (so no `..`, no dotfiles, nothing generated), no backslashes or control characters.
 */
export function isMediaKey(key: string): boolean {
  if (!key || key.length > 1024 || /[\\\p{Cc}]/u.test(key)) return false
  return key.split("/").every((segment) => segment !== "" && !segment.startsWith("."))
}

/**
 * The folders the shop writes media to, the only ones /media serves: shoppers' uploads, videos and avatars (the
 * uploads service), the seed's product pictures, and Medusa's own uploads (its S3 provider's prefix). Whatever else
 * the bucket or the folder holds (another app's objects, a backup) is not the shop's to publish.
 */
export const SHOP_MEDIA_FOLDERS: readonly string[] = ["uploads", "videos", "avatars", "products", "medusa"]

/** A key /media may serve: a media key inside one of the shop's own folders. */
export function isShopMediaKey(key: string): boolean {
  const [folder = "", ...rest] = key.split("/")
  return rest.length > 0 && SHOP_MEDIA_FOLDERS.includes(folder) && isMediaKey(key)
}

/** A key the storages take: a media key, or a generated file's under GENERATED_FOLDER. */
export function isStorageKey(key: string): boolean {
  const generated = `${GENERATED_FOLDER}/`
  return isMediaKey(key.startsWith(generated) ? key.slice(generated.length) : key)
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`)
}

/** The path a stored file is served at, each segment escaped as a URL needs. */
export function mediaUrl(key: string, publicPrefix: string): string {
  return `${publicPrefix}/${key.split("/").map(encodeURIComponent).join("/")}`
}

/** The first and last byte a range names in a file of `size` bytes; undefined when the file can't satisfy it. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | undefined {
  if ("suffix" in range) return range.suffix > 0 && size > 0 ? { start: Math.max(0, size - range.suffix), end: size - 1 } : undefined
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return undefined
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) }
}

export function localDiskStorage(root: string, publicPrefix = "/media"): Storage {
  const directory = path.resolve(root)
  return {
    directory,
    async put(key, body) {
      assertStorageKey(key)
      const file = path.join(directory, key)
      await mkdir(path.dirname(file), { recursive: true })
      // Written aside and renamed into place, so a reader never sees half a file (a variant two requests make at once).
      const partial = `${file}.${process.pid}.${Date.now()}.tmp`
      try {
        await writeFile(partial, body)
        await rename(partial, file)
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
      return { url: mediaUrl(key, publicPrefix) }
    },
    async get(key, range) {
      if (!isStorageKey(key)) return undefined
      const file = path.join(directory, key)
      const stats = await stat(file).catch(() => undefined)
      if (!stats?.isFile()) return undefined
      const served = range && resolveRange(range, stats.size)
      return {
        body: createReadStream(file, served),
        contentType: undefined,
        contentLength: served ? served.end - served.start + 1 : stats.size,
        size: stats.size,
        // The validator express.static gives the same file, so a browser's copy stays fresh across both.
        etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
        lastModified: stats.mtime,
        range: served,
      }
    },
  }
}
