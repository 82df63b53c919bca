import { vi } from "vitest"

type Reply = { status: number; body?: unknown }
type Progress = { lengthComputable: boolean; loaded: number; total: number }

/** Replaces XMLHttpRequest (uploads) with one answering every send with `reply`, reporting progress first; records the form sent. */
export function stubUploads(reply: (url: string) => Reply) {
  const sent: { url: string; form: FormData }[] = []
  class FakeRequest {
    status = 0
    statusText = ""
    responseText = ""
    withCredentials = false
    upload: { onprogress: ((event: Progress) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    private url = ""
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ url: this.url, form })
      const answer = reply(this.url)
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 })
        this.status = answer.status
        this.responseText = answer.body === undefined ? "" : JSON.stringify(answer.body)
        this.onload?.()
      }, 0)
    }
    abort() {
      this.onabort?.()
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeRequest)
  return sent
}
