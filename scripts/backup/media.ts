import { readFile } from "node:fs/promises"
import path from "node:path"
import { servedMediaType } from "../../bff/src/http/media-files.js"
import { s3Storage } from "../../bff/src/lib/s3-storage.js"
import { s3Settings, storageIssues } from "../../bff/src/lib/storage-settings.js"
import { localDiskStorage, type Storage } from "../../bff/src/lib/storage.js"
import { SetupError } from "../lib/fail.js"
import { VAR } from "../lib/paths.js"

/** Where the shop's media are, read from the environment as the BFF reads it: an S3 bucket with S3_BUCKET, else MEDIA_DIR. */
export type MediaPlace = { kind: "s3"; bucket: string; storage: Storage } | { kind: "dir"; directory: string; storage: Storage }

const textOf = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)

export function mediaPlace(env: NodeJS.ProcessEnv = process.env): MediaPlace {
  const config = {
    S3_BUCKET: textOf(env.S3_BUCKET),
    S3_REGION: textOf(env.S3_REGION) ?? "us-east-1",
    S3_ENDPOINT: textOf(env.S3_ENDPOINT),
    S3_ACCESS_KEY_ID: textOf(env.S3_ACCESS_KEY_ID),
    S3_SECRET_ACCESS_KEY: textOf(env.S3_SECRET_ACCESS_KEY),
    S3_FORCE_PATH_STYLE: ["true", "1"].includes(env.S3_FORCE_PATH_STYLE ?? ""),
  }
  const [issue] = storageIssues(config)
  if (issue) throw new SetupError(`${issue.path.join(".")} ${issue.message}`)
  const settings = s3Settings(config)
  if (settings) return { kind: "s3", bucket: settings.bucket, storage: s3Storage(settings) }
  // The BFF's default (bff/src/config.ts): var/media in this checkout.
  const directory = path.resolve(textOf(env.MEDIA_DIR) ?? path.join(VAR, "media"))
  return { kind: "dir", directory, storage: localDiskStorage(directory) }
}

export const describeMediaPlace = (place: MediaPlace) => (place.kind === "s3" ? `s3://${place.bucket}` : place.directory)

/** Puts each backed-up media file back under its key; an object already there is replaced. */
export async function putMediaBack(place: MediaPlace, folder: string, files: { key: string; path: string }[]): Promise<void> {
  for (const file of files) {
    const body = await readFile(path.join(folder, file.path))
    await place.storage.put(file.key, body, servedMediaType(file.key, undefined) ?? "application/octet-stream")
  }
}
