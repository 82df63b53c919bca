import { vi } from "vitest"
import type { AuthSession } from "@fitshop/contracts"

export type FetchHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

export const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

/** A BFF error answer: `error` and `message` both carry the text. */
export const errorResponse = (text: string, status: number, extra: Record<string, unknown> = {}) =>
  jsonResponse({ error: text, message: text, ...extra }, status)

const notFound = () => errorResponse("Not found", 404)

const requestUrl = (input: RequestInfo | URL): URL => {
  const raw = input instanceof Request ? input.url : String(input)
  return new URL(raw, window.location.origin)
}

/** Answers the app's fetch calls with `handler`; returns the mock so tests can inspect requests. */
export function mockFetch(handler: FetchHandler) {
  // Each call gets a body of its own, as from a real server: a handler may hand the same Response (a test's
  // deferred answer) to two calls of one GET, and a body can be read only once.
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(requestUrl(input), init)).then((response) => response.clone()),
  )
  vi.stubGlobal("fetch", fetchMock)
  return fetchMock
}

/** The URLs the mock was called with, in order; only those under `pathPrefix` when given. */
export const calledUrls = (fetchMock: ReturnType<typeof mockFetch>, pathPrefix = "/"): URL[] =>
  fetchMock.mock.calls.map(([input]) => requestUrl(input)).filter((url) => url.pathname.startsWith(pathPrefix))

const noContent = () => new Response(null, { status: 204 })

/**
 * Answers the session calls as the BFF does for `session` (or for a visitor without one, when null)
 * and hands every other call to `handler`.
 */
export function mockSessionApi(session: AuthSession | null, handler: FetchHandler = notFound) {
  return mockFetch((url, init) => {
    if (url.pathname === "/api/auth/refresh") {
      return session ? jsonResponse(session) : errorResponse("No session", 401)
    }
    if (url.pathname === "/api/auth/me") {
      return session ? jsonResponse({ user: session.user }) : errorResponse("Unauthorized", 401)
    }
    if (url.pathname === "/api/auth/logout") return noContent()
    return handler(url, init)
  })
}

/** One BFF route a test answers: `answer` runs on each call, so it can read and change the test's data. */
export type ApiRoute = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  path: string
  answer: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>
}

/** A handler answering `routes` by method and path, and 404 for anything else. */
export const answerRoutes =
  (routes: ApiRoute[]): FetchHandler =>
  (url, init) => {
    const method = init?.method ?? "GET"
    const route = routes.find((candidate) => candidate.method === method && candidate.path === url.pathname)
    return route ? route.answer(url, init) : notFound()
  }

/** The calls made with `method` to exactly `path`. */
export const callsTo = (fetchMock: ReturnType<typeof mockFetch>, method: ApiRoute["method"], path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => requestUrl(input).pathname === path && (init?.method ?? "GET") === method)

/** The JSON body of the first call with `method` to `path`. */
export const sentBody = (fetchMock: ReturnType<typeof mockFetch>, method: ApiRoute["method"], path: string): unknown =>
  JSON.parse(String(callsTo(fetchMock, method, path)[0]?.[1]?.body))
