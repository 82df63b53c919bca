import { vi } from "vitest"

export type StubbedReply = { status: number; body?: unknown }

type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/** Replaces global fetch with a mock answering each call with the next reply (the last one repeats). */
export function stubFetch(...replies: StubbedReply[]) {
  let call = 0
  const fetchMock = vi.fn<FetchFunction>(() => {
    const reply = replies[Math.min(call, replies.length - 1)] ?? { status: 200 }
    call += 1
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body)
    return Promise.resolve(
      new Response(reply.status === 204 ? null : text, {
        status: reply.status,
        headers: { "Content-Type": "application/json" },
      }),
    )
  })
  vi.stubGlobal("fetch", fetchMock)
  return fetchMock
}

/** The URL, method, headers and parsed JSON body of the nth fetch call. */
export function fetchCall(fetchMock: ReturnType<typeof stubFetch>, index: number) {
  const args = fetchMock.mock.calls[index]
  if (!args) {
    throw new Error(`fetch was called ${String(fetchMock.mock.calls.length)} times, not ${String(index + 1)}`)
  }
  const [input, init] = args
  const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined
  return {
    url: input instanceof Request ? input.url : input.toString(),
    method: init?.method ?? "GET",
    headers: new Headers(init?.headers),
    body,
  }
}
