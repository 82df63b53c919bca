/** The browser's one HTTP client and its reload after a rollout, shared by the storefront and the console, as TypeScript source (no build step). */
export { createWebClient, type CallOptions, type Failure, type HttpMethod, type WebClient, type WebClientConfig } from "./web-client.js"
export { parseJson } from "./json.js"
export { uploadForm, type UploadOptions } from "./upload.js"
export { CHUNK_RELOAD_KEY, chunkReload, createChunkReload, type ChunkReload, type ChunkReloadDeps } from "./chunk-reload.js"
