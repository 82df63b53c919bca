import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http"
import { promisify } from "node:util"
import { gzip, gzipSync } from "node:zlib"
import accepts from "accepts"

const gzipOffTheLoop = promisify(gzip)

/** Goes with every answer that may be compressed, a 304 too, so a cache keeps the gzipped and plain bytes apart. */
export const VARY_BY_ENCODING = { Vary: "Accept-Encoding" } as const

type Bytes = Buffer | string

export type CompressedSendOptions = {
  /** The answer's other headers (with Node's own response, ahead of Express, where nothing else sets them). */
  headers?: OutgoingHttpHeaders
  /** Where a body sent again and again (a cached answer, a sitemap's build) keeps its gzipped bytes: compressed once, not per request. */
  keep?: { gzipped?: Buffer }
  /**
   * Sends the bytes chosen. By default Node's `res.end` with their Content-Length; behind Express, `res.send`, which adds
   * its ETag and answers 304 to a browser that has them.
   */
  send?: (bytes: Bytes) => unknown
}

/**
 * Sends `body` gzipped to a client that takes gzip, and as it is to others, with `Vary: Accept-Encoding` either way.
 * `offTheLoop` compresses on libuv's threads: for a body made per request, large enough that compressing it inline
 * would hold up every other request (FITFEED's feed).
 */
export function sendCompressed(req: IncomingMessage, res: ServerResponse, body: Bytes, options?: CompressedSendOptions): void
export function sendCompressed(req: IncomingMessage, res: ServerResponse, body: Bytes, options: CompressedSendOptions & { offTheLoop: true }): Promise<void>
export function sendCompressed(
  req: IncomingMessage,
  res: ServerResponse,
  body: Bytes,
  { headers = {}, keep, send, offTheLoop = false }: CompressedSendOptions & { offTheLoop?: boolean } = {},
): void | Promise<void> {
  const gzipped = accepts(req).encoding("gzip") === "gzip"
  // Headers go on once the bytes are ready: a compression that failed leaves the answer free to say so.
  const sendBytes = (bytes: Bytes) => {
    const encoding = gzipped ? { "Content-Encoding": "gzip" } : {}
    for (const [name, value] of Object.entries({ ...headers, ...VARY_BY_ENCODING, ...encoding })) if (value !== undefined) res.setHeader(name, value)
    if (send) return void send(bytes)
    res.setHeader("Content-Length", Buffer.byteLength(bytes))
    res.end(bytes)
  }
  if (!gzipped) return offTheLoop ? Promise.resolve(sendBytes(body)) : sendBytes(body)
  if (offTheLoop) return gzipOffTheLoop(body).then(sendBytes)
  sendBytes(keep ? (keep.gzipped ??= gzipSync(body)) : gzipSync(body))
}
