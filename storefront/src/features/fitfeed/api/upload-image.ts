import { ApiError, parseJson, refreshAccessToken } from "@/lib/api-client"
import { getAccessToken, hasSessionEnded } from "@/lib/session"
import type { UploadAnswer } from "@fitshop/contracts"

const UPLOAD_PATH = "/api/uploads/image"

type UploadOptions = {
  /** Called with the share sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

type Answer = { status: number; body: unknown }

function sendOnce(file: File, accessToken: string | null, { onProgress, signal }: UploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled", "AbortError"))
      return
    }
    const xhr = new XMLHttpRequest()
    const abort = () => {
      xhr.abort()
    }
    xhr.open("POST", UPLOAD_PATH)
    xhr.withCredentials = true
    xhr.setRequestHeader("Accept", "application/json")
    if (accessToken) xhr.setRequestHeader("Authorization", `Bearer ${accessToken}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      signal?.removeEventListener("abort", abort)
      resolve({ status: xhr.status, body: parseJson(xhr.responseText) })
    }
    xhr.onerror = () => {
      signal?.removeEventListener("abort", abort)
      reject(new Error("Could not upload image"))
    }
    xhr.onabort = () => {
      reject(new DOMException("The upload was cancelled", "AbortError"))
    }
    signal?.addEventListener("abort", abort, { once: true })
    const form = new FormData()
    form.append("image", file)
    xhr.send(form)
  })
}

/**
 * POST /api/uploads/image (multipart field `image`) through XMLHttpRequest, whose upload events give
 * a progress bar that fetch cannot; it sends the API client's Bearer token and, like the client,
 * refreshes the token once and retries once on a 401.
 */
export async function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadAnswer> {
  let accessToken = getAccessToken()
  if (!accessToken && !hasSessionEnded()) accessToken = await refreshAccessToken()
  let answer = await sendOnce(file, accessToken, options)
  if (answer.status === 401 && accessToken) {
    const current = getAccessToken()
    const renewed = current && current !== accessToken ? current : await refreshAccessToken()
    if (renewed) {
      options.onProgress?.(0)
      answer = await sendOnce(file, renewed, options)
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body)
  return answer.body as UploadAnswer
}
