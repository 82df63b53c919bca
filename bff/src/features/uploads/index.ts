import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { localDiskStorage } from "../../lib/storage.js"
import { uploadRoutes } from "./routes.js"
import { uploadsService, type UploadsService } from "./service.js"

export { receiveImage, shopperUploadLimits } from "./routes.js"
export { noFileMessage } from "./schema.js"
export type { UploadsService } from "./service.js"

type Deps = Pick<SharedDeps, "db" | "authentication" | "limiter"> & { config: Pick<Config, "MEDIA_DIR" | "PUBLIC_URL"> }

/** Shoppers' photos and staff's videos, stored under the media folder; its service stores avatars and post photos too. */
export function uploadsModule({ config, db, authentication, limiter }: Deps): FeatureModule & { service: UploadsService } {
  const service = uploadsService({ db, storage: localDiskStorage(config.MEDIA_DIR), publicUrl: config.PUBLIC_URL })
  return { routes: uploadRoutes({ uploads: service, authentication, limiter }), service }
}
