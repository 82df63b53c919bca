import { webClient } from "@/lib/api-client"
import type { UploadAnswer } from "@fitshop/contracts"
import { uploadForm, type UploadOptions } from "@fitshop/web-client"

const UPLOAD_PATH = "/api/uploads/image"

/**
 * POST /api/uploads/image (multipart field `image`) with the shared client's upload, whose progress fetch can't
 * give; like every call it carries the Bearer token and refreshes it once, retrying once, on a 401.
 */
export async function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadAnswer> {
  const form = new FormData()
  form.append("image", file)
  const answer = await uploadForm(webClient, UPLOAD_PATH, form, options)
  return answer as UploadAnswer
}
