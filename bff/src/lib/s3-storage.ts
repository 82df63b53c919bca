import { Readable } from "node:stream"
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException, type GetObjectCommandOutput } from "@aws-sdk/client-s3"
import type { S3Settings } from "./storage-settings.js"
import { assertStorageKey, isStorageKey, mediaUrl, type ByteRange, type Storage, type StoredFile } from "./storage.js"

/** A hung storage server fails a request (a 500) rather than holding it, and its socket, for ever. */
const CONNECT_TIMEOUT_MS = 5_000
const IDLE_TIMEOUT_MS = 30_000

/** A missing object answers 404 (NoSuchKey, or NotFound from some S3-compatible servers); a missing bucket is a fault. */
const isMissingObject = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== "NoSuchBucket"

const isUnsatisfiableRange = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416

const rangeHeader = (range: ByteRange) => ("suffix" in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ""}`)

/** `bytes 0-99/1234` → the range served and the whole size. */
function parseContentRange(header: string | undefined): { range: { start: number; end: number }; size: number } | undefined {
  const match = header && /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header)
  return match ? { range: { start: Number(match[1]), end: Number(match[2]) }, size: Number(match[3]) } : undefined
}

function storedFile(response: GetObjectCommandOutput, key: string): StoredFile {
  if (!(response.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`)
  const served = parseContentRange(response.ContentRange)
  const contentLength = response.ContentLength ?? 0
  return {
    body: response.Body,
    contentType: response.ContentType,
    contentLength,
    size: served?.size ?? contentLength,
    etag: response.ETag ?? "",
    lastModified: response.LastModified ?? new Date(0),
    range: served?.range,
  }
}

/** Files in one S3 bucket (or MinIO's, or another S3-compatible server's), keyed by their /media path. */
export function s3Storage(settings: S3Settings, publicPrefix = "/media"): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
  })
  const { bucket } = settings

  async function get(key: string, range?: ByteRange): Promise<StoredFile | undefined> {
    if (!isStorageKey(key)) return undefined
    try {
      return storedFile(await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range && rangeHeader(range) })), key)
    } catch (error) {
      if (isMissingObject(error)) return undefined
      if (range && isUnsatisfiableRange(error)) return get(key)
      throw error
    }
  }

  return {
    async put(key, body, contentType) {
      assertStorageKey(key)
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }))
      return { url: mediaUrl(key, publicPrefix) }
    },
    get,
  }
}
