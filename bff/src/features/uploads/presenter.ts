import type { UploadAnswer } from "@fitshop/contracts"
import type { Upload } from "./service.js"

/** What an upload's answer shows: where the image and its thumbnail are served. */
export function presentUpload(upload: Upload): UploadAnswer {
  return { url: upload.url, thumbnailUrl: upload.thumbnailUrl }
}
