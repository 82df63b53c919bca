import { vi } from "vitest"
import type { StubbedReply } from "./fetch-stub"

type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/** "GET /api/admin/products" → a reply, or a function of the request's URL and JSON body; a route that is not listed answers 404. */
export type Routes = Record<string, StubbedReply | ((url: URL, body: unknown) => StubbedReply)>

const respond = (reply: StubbedReply) =>
  new Response(reply.status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
    status: reply.status,
    headers: { "Content-Type": "application/json" },
  })

/** Replaces global fetch with one answering by method and path (query ignored), for screens making several calls at once. */
export function stubRoutes(routes: Routes) {
  const fetchMock = vi.fn<FetchFunction>((input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), "http://localhost")
    const route = routes[`${init?.method ?? "GET"} ${url.pathname}`]
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined
    const reply = typeof route === "function" ? route(url, body) : (route ?? { status: 404, body: { error: "not_found", message: "Not found" } })
    return Promise.resolve(respond(reply))
  })
  vi.stubGlobal("fetch", fetchMock)
  return fetchMock
}

/** The calls made to one route, as `{ url, body }`. */
export function callsTo(fetchMock: ReturnType<typeof stubRoutes>, route: string) {
  const [method, path] = route.split(" ")
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(input instanceof Request ? input.url : input.toString(), "http://localhost"),
      method: init?.method ?? "GET",
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
    }))
    .filter((call) => call.method === method && call.url.pathname === path)
}
