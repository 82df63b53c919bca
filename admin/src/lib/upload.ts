import { isRecord } from "./guards"
import { refreshAccessToken } from "./http-client"
import { getAccessToken } from "./session"

type UploadReply = { status: number; body: unknown }

function send(path: string, field: string, file: File, accessToken: string | null, onProgress: (share: number) => void): Promise<UploadReply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open("POST", path)
    request.responseType = "json"
    request.withCredentials = true
    if (accessToken) request.setRequestHeader("Authorization", `Bearer ${accessToken}`)
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    })
    request.addEventListener("load", () => {
      const body: unknown = request.response
      resolve({ status: request.status, body })
    })
    request.addEventListener("error", () => reject(new Error("The upload did not reach the server.")))
    const form = new FormData()
    form.append(field, file)
    request.send(form)
  })
}

/**
 * Sends one file as multipart (`field`) and answers the stored file's `url`. XMLHttpRequest rather than
 * fetch because only it reports upload progress; a 401 gets one token refresh and one retry, as every call does.
 */
export async function uploadFile(path: string, field: string, file: File, onProgress: (share: number) => void = () => undefined): Promise<string> {
  let reply = await send(path, field, file, getAccessToken(), onProgress)
  if (reply.status === 401) {
    const accessToken = await refreshAccessToken()
    if (accessToken) reply = await send(path, field, file, accessToken, onProgress)
  }
  const url = isRecord(reply.body) ? reply.body.url : undefined
  if (reply.status < 200 || reply.status >= 300 || typeof url !== "string" || !url) {
    throw new Error(`Upload failed with status ${String(reply.status)}`)
  }
  onProgress(1)
  return url
}
