import { parseJson } from "./json.js"
import type { WebClient } from "./web-client.js"

export type UploadOptions = {
  /** Called with the share sent so far, from 0 to 1 (back to 0 when the upload starts again after a refresh). */
  onProgress?: (share: number) => void
  signal?: AbortSignal
}

type Answer = { status: number; statusText: string; body: unknown }

const cancelled = () => new DOMException("The upload was cancelled", "AbortError")

/** One multipart POST through XMLHttpRequest, whose upload events give the progress fetch can't. */
function sendForm(path: string, form: FormData, headers: Record<string, string>, { onProgress, signal }: UploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled())
      return
    }
    const xhr = new XMLHttpRequest()
    const abort = () => {
      xhr.abort()
    }
    xhr.open("POST", path)
    xhr.withCredentials = true
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      signal?.removeEventListener("abort", abort)
      resolve({ status: xhr.status, statusText: xhr.statusText, body: parseJson(xhr.responseText) })
    }
    xhr.onerror = () => {
      signal?.removeEventListener("abort", abort)
      reject(new Error("The upload did not reach the server."))
    }
    xhr.onabort = () => {
      reject(cancelled())
    }
    signal?.addEventListener("abort", abort, { once: true })
    xhr.send(form)
  })
}

/**
 * POSTs a multipart form with its upload progress through `client`, under its session rules, and answers the parsed
 * JSON; a failed answer throws the app's error. Apart from the client, so pages that upload nothing don't load it.
 */
export async function uploadForm(client: WebClient, path: string, form: FormData, options: UploadOptions = {}): Promise<unknown> {
  const answer = await client.withSession((accessToken, retry) => {
    if (retry) options.onProgress?.(0)
    return sendForm(path, form, client.headers(accessToken, form), options)
  })
  if (answer.status < 200 || answer.status >= 300) throw client.failure(answer)
  return answer.body
}
