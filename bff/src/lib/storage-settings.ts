/** How the BFF reaches the bucket that holds /media when S3_BUCKET is set. */
export type S3Settings = {
  bucket: string
  region: string
  /** An S3-compatible server's URL (MinIO, …); AWS's own endpoint for the region when undefined. */
  endpoint: string | undefined
  accessKeyId: string
  secretAccessKey: string
  /** The bucket in the path (`endpoint/bucket/key`), not the host name: what MinIO needs. */
  forcePathStyle: boolean
}

/** The storage part of the BFF's config (config.ts checks it with `storageIssues`). */
type StorageConfig = {
  S3_BUCKET?: string | undefined
  S3_REGION: string
  S3_ENDPOINT?: string | undefined
  S3_ACCESS_KEY_ID?: string | undefined
  S3_SECRET_ACCESS_KEY?: string | undefined
  S3_FORCE_PATH_STYLE: boolean
}

type ConfigIssue = { path: string[]; message: string }

/**
 * The config rules for shared storage: a bucket comes with its keys, and the other S3 settings without a bucket are
 * refused rather than ignored (the files would quietly stay on one host's disk).
 */
export function storageIssues(config: StorageConfig): ConfigIssue[] {
  const issues: ConfigIssue[] = []
  if (config.S3_BUCKET) {
    for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!config[name]) issues.push({ path: [name], message: "is required with S3_BUCKET" })
    }
    return issues
  }
  const orphans = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) => config[name])
  if (orphans.length) issues.push({ path: ["S3_BUCKET"], message: `is required with ${orphans.join(", ")} (without it media stay in MEDIA_DIR)` })
  return issues
}

/** The bucket's settings when S3_BUCKET is set (config.ts has checked its keys are there); undefined for local disk. */
export function s3Settings(config: StorageConfig): S3Settings | undefined {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config
  if (!bucket) return undefined
  if (!accessKeyId || !secretAccessKey) throw new Error("S3_BUCKET is set without S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY")
  return {
    bucket,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  }
}
