import { vi } from "vitest"

type Listener = ((event: ProgressEvent) => void) | null

/** A stand-in for XMLHttpRequest that tests drive by hand: progress, then an answer. */
export class FakeUpload {
  static sent: FakeUpload[] = []

  method = ""
  url = ""
  withCredentials = false
  status = 0
  responseText = ""
  headers: Record<string, string> = {}
  body: unknown = null
  upload: { onprogress: Listener } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }

  send(body: unknown) {
    this.body = body
    FakeUpload.sent.push(this)
  }

  abort() {
    this.onabort?.()
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent("progress", { lengthComputable: true, loaded, total }))
  }

  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }

  /** The file sent in the multipart field `image`. */
  get image(): FormDataEntryValue | null {
    return this.body instanceof FormData ? this.body.get("image") : null
  }
}

/** Replaces XMLHttpRequest for one test; returns the list of uploads sent. */
export function fakeUploads(): FakeUpload[] {
  FakeUpload.sent = []
  vi.stubGlobal("XMLHttpRequest", FakeUpload)
  return FakeUpload.sent
}

/** A picture file; `size` overrides the byte count the browser reports. */
export function photoFile(name = "fit.jpg", type = "image/jpeg", size?: number): File {
  const file = new File(["fake picture bytes"], name, { type })
  if (size !== undefined) Object.defineProperty(file, "size", { value: size })
  return file
}
