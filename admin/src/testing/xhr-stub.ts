import { vi } from "vitest"

type Reply = { status: number; body?: unknown }

/** Replaces XMLHttpRequest (uploads) with one answering every send with `reply`, reporting progress first; records the form sent. */
export function stubUploads(reply: (url: string) => Reply) {
  const sent: { url: string; form: FormData }[] = []
  class FakeRequest {
    status = 0
    response: unknown = null
    responseType = ""
    withCredentials = false
    private url = ""
    private listeners: Record<string, (() => void)[]> = {}
    private progressListeners: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[] = []
    upload = {
      addEventListener: (_type: string, listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void) => {
        this.progressListeners.push(listener)
      },
    }
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader() {}
    addEventListener(type: string, listener: () => void) {
      this.listeners[type] = [...(this.listeners[type] ?? []), listener]
    }
    send(form: FormData) {
      sent.push({ url: this.url, form })
      const answer = reply(this.url)
      setTimeout(() => {
        for (const listener of this.progressListeners) listener({ lengthComputable: true, loaded: 50, total: 100 })
        this.status = answer.status
        this.response = answer.body ?? null
        for (const listener of this.listeners.load ?? []) listener()
      }, 0)
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeRequest)
  return sent
}
