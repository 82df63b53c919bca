import { REFRESH_PATH, type SessionKeeper } from "@fitshop/contracts"
import { afterEach, describe, expect, it, vi } from "vitest"
import { uploadForm } from "./upload.js"
import { createWebClient, type Failure } from "./web-client.js"

type Progress = { lengthComputable: boolean; loaded: number; total: number }

/** A stand-in for XMLHttpRequest that answers each upload with `reply(token)` after reporting half of it sent. */
function fakeUploads(reply: (authorization: string | undefined) => { status: number; body?: unknown } | "network error") {
  const sent: { url: string; headers: Record<string, string>; withCredentials: boolean; form: unknown }[] = []
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
    private headers: Record<string, string> = {}
    private timer: ReturnType<typeof setTimeout> | undefined
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    send(form: unknown) {
      sent.push({ url: this.url, headers: this.headers, withCredentials: this.withCredentials, form })
      const answer = reply(this.headers.Authorization)
      this.timer = setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 })
        if (answer === "network error") return this.onerror?.()
        this.status = answer.status
        this.responseText = answer.body === undefined ? "" : JSON.stringify(answer.body)
        this.onload?.()
      }, 0)
    }
    abort() {
      clearTimeout(this.timer)
      this.onabort?.()
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeRequest)
  return sent
}

class Refused extends Error {
  constructor(readonly failure: Failure) {
    super(`refused with ${String(failure.status)}`)
  }
}

function clientWith(accessToken: string | null) {
  const state = { accessToken }
  const keeper: SessionKeeper = {
    accessToken: () => state.accessToken,
    keep: (token) => {
      state.accessToken = token
    },
    end: () => {
      state.accessToken = null
    },
  }
  const client = createWebClient({
    session: keeper,
    credentials: "include",
    headers: () => ({ "X-Ref-Post": "42" }),
    failure: (failure) => new Refused(failure),
  })
  return { upload: (path: string, form: FormData, options?: Parameters<typeof uploadForm>[3]) => uploadForm(client, path, form, options), state }
}

const photoForm = () => {
  const form = new FormData()
  form.append("image", new Blob(["jpeg"], { type: "image/jpeg" }), "fit.jpg")
  return form
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("upload", () => {
  it("posts the form with the Bearer token and cookies, reports progress, and answers the JSON", async () => {
    const sent = fakeUploads(() => ({ status: 201, body: { url: "/media/p/1.jpg", thumbnailUrl: "/media/p/1-480.jpg" } }))
    const progress: number[] = []
    const form = photoForm()

    const answer = await clientWith("token-1").upload("/api/uploads/image", form, { onProgress: (share) => progress.push(share) })

    expect(answer).toEqual({ url: "/media/p/1.jpg", thumbnailUrl: "/media/p/1-480.jpg" })
    expect(progress).toEqual([0.5])
    expect(sent).toEqual([
      {
        url: "/api/uploads/image",
        headers: { Accept: "application/json", Authorization: "Bearer token-1", "X-Ref-Post": "42" },
        withCredentials: true,
        form,
      },
    ])
  })

  it("refreshes once after a 401 and sends again from 0% with the new token", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) => {
        expect(url).toBe(REFRESH_PATH)
        return Promise.resolve(new Response(JSON.stringify({ accessToken: "fresh" }), { status: 200 }))
      }),
    )
    const sent = fakeUploads((authorization) => (authorization === "Bearer fresh" ? { status: 201, body: { url: "/media/p/2.jpg" } } : { status: 401 }))
    const progress: number[] = []
    const { upload, state } = clientWith("stale")

    await expect(upload("/api/uploads/video", photoForm(), { onProgress: (share) => progress.push(share) })).resolves.toEqual({ url: "/media/p/2.jpg" })
    expect(sent.map(({ headers }) => headers.Authorization)).toEqual(["Bearer stale", "Bearer fresh"])
    expect(progress).toEqual([0.5, 0, 0.5])
    expect(state.accessToken).toBe("fresh")
  })

  it("hands a refused upload to the app's error, and says when it never reached the server", async () => {
    fakeUploads(() => ({ status: 413, body: { message: "too big" } }))
    const { upload } = clientWith("token-1")
    await expect(upload("/api/uploads/video", photoForm())).rejects.toMatchObject({ failure: { status: 413, body: { message: "too big" } } })

    fakeUploads(() => "network error")
    await expect(upload("/api/uploads/image", photoForm())).rejects.toThrow("The upload did not reach the server.")
  })

  it("cancels with an AbortError when its signal is aborted, before or during the upload", async () => {
    const sent = fakeUploads(() => ({ status: 201, body: { url: "/media/p/3.jpg" } }))
    const { upload } = clientWith("token-1")

    const before = new AbortController()
    before.abort()
    await expect(upload("/api/uploads/image", photoForm(), { signal: before.signal })).rejects.toMatchObject({ name: "AbortError" })
    expect(sent).toHaveLength(0)

    const during = new AbortController()
    const pending = upload("/api/uploads/image", photoForm(), { signal: during.signal })
    during.abort()
    await expect(pending).rejects.toMatchObject({ name: "AbortError" })
  })
})
