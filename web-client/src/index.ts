/** The browser's one HTTP client, shared by the storefront and the console, as TypeScript source (no build step). */
export { createWebClient, type CallOptions, type Failure, type HttpMethod, type WebClient, type WebClientConfig } from "./web-client.js"
export { parseJson } from "./json.js"
export { uploadForm, type UploadOptions } from "./upload.js"
