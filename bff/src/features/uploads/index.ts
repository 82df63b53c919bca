import type { Router } from "express"
import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { mediaRoutes } from "../../http/media.js"
import { s3Storage } from "../../lib/s3-storage.js"
import { s3Settings } from "../../lib/storage-settings.js"
import { localDiskStorage } from "../../lib/storage.js"
import { uploadRoutes } from "./routes.js"
import { uploadsService, type UploadsService } from "./service.js"

export { receiveImage, shopperUploadLimits } from "./routes.js"
export { noFileMessage } from "./schema.js"
export type { UploadsService } from "./service.js"

type StorageConfig = Pick<Config, "MEDIA_DIR" | "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE">

type Deps = Pick<SharedDeps, "db" | "authentication" | "limiter"> & { config: StorageConfig & Pick<Config, "PUBLIC_URL"> }

/** The bucket every replica shares when S3_BUCKET is set; this host's MEDIA_DIR otherwise. */
export function mediaStorage(config: StorageConfig) {
  const s3 = s3Settings(config)
  return s3 ? s3Storage(s3) : localDiskStorage(config.MEDIA_DIR)
}

/**
 * Shoppers' photos and staff's videos, stored in the media storage; its service stores avatars and post photos too,
 * and `media` serves everything stored there at /media.
 */
export function uploadsModule({ config, db, authentication, limiter }: Deps): FeatureModule & { service: UploadsService; media: Router } {
  const storage = mediaStorage(config)
  const service = uploadsService({ db, storage, publicUrl: config.PUBLIC_URL })
  return { routes: uploadRoutes({ uploads: service, authentication, limiter }), service, media: mediaRoutes(storage) }
}
