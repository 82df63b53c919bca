/** The uploads feature's public face: what other features may use of it. */
export { receiveImage, shopperUploadLimits, uploadRoutes } from "./routes.js"
export { uploadsService, type UploadsService } from "./service.js"
