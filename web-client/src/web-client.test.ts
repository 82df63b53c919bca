import { REFRESH_LOCK_NAME, REFRESH_PATH, type SessionKeeper } from "@fitshop/contracts"
import { afterEach, describe, expect, it, vi } from "vitest"
import { createWebClient, type Failure, type WebClientConfig } from "./web-client.js"

type Answer = { status: number; body?: unknown }
type Call = { url: string; method: string; headers: Headers; credentials: RequestCredentials | undefined; body: BodyInit | null | undefined }

class Refused extends Error {
  constructor(readonly failure: Failure) {
    super(`refused with ${String(failure.status)}`)
  }
}

/** The session as local storage shared by every tab would hold it. */
function storedSession(accessToken: string | null) {
  const state = { accessToken, ended: 0 }
  const keeper: SessionKeeper = {
    accessToken: () => state.accessToken,
    keep: (token) => {
      state.accessToken = token
    },
    end: () => {
      state.accessToken = null
      state.ended += 1
    },
  }
  return { state, keeper }
}

const clientFor = (keeper: SessionKeeper, config: Partial<WebClientConfig> = {}) =>
  createWebClient({ session: keeper, credentials: "same-origin", failure: (failure) => new Refused(failure), ...config })

/** Answers every fetch by path and Bearer token, recording each call. */
function routeFetch(answer: (url: string, authorization: string | null) => Answer | Promise<Answer>) {
  const calls: Call[] = []
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers)
      calls.push({ url: input, method: init?.method ?? "GET", headers, credentials: init?.credentials, body: init?.body })
      const { status, body } = await answer(input, headers.get("Authorization"))
      return new Response(body === undefined ? null : JSON.stringify(body), { status })
    }),
  )
  return calls
}

const unauthorized: Answer = { status: 401, body: { message: "Please sign in." } }

/** The BFF with `fresh` as the only token it accepts, handing it out at the refresh. */
const bffAccepting = (fresh: string) => (url: string, authorization: string | null) => {
  if (url === REFRESH_PATH) return { status: 200, body: { accessToken: fresh, user: { id: "u1", role: "customer" } } }
  return authorization === `Bearer ${fresh}` ? { status: 200, body: { url } } : unauthorized
}

async function failureOf(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Refused) return error.failure
    throw error
  }
  throw new Error("expected the call to fail")
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("request", () => {
  it("sends the stored Bearer token, the app's headers and credentials, and answers the JSON", async () => {
    const { keeper } = storedSession("token-1")
    const calls = routeFetch(bffAccepting("token-1"))

    const client = clientFor(keeper, { credentials: "include", headers: () => ({ "X-Ref-Post": "42" }) })
    await expect(client.request("/api/cart")).resolves.toEqual({ url: "/api/cart" })
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ url: "/api/cart", method: "GET", credentials: "include", body: undefined })
    expect(Object.fromEntries(calls[0]!.headers)).toEqual({ accept: "application/json", authorization: "Bearer token-1", "x-ref-post": "42" })
  })

  it("sends a JSON body with its content type, and FormData as it is", async () => {
    const calls = routeFetch(() => ({ status: 201, body: {} }))
    const client = clientFor(storedSession("token-1").keeper)
    const form = new FormData()
    form.append("avatar", new Blob(["x"], { type: "image/png" }), "a.png")

    await client.request("/api/things", { method: "POST", body: { name: "x" } })
    await client.request("/api/fitfeed/profile/avatar", { method: "POST", body: form })

    expect(calls[0]).toMatchObject({ method: "POST", body: '{"name":"x"}' })
    expect(calls[0]!.headers.get("Content-Type")).toBe("application/json")
    expect(calls[1]!.body).toBe(form)
    expect(calls[1]!.headers.get("Content-Type")).toBeNull()
  })

  it("answers null for an empty body, and hands a failed answer to the app's error", async () => {
    const client = clientFor(storedSession("token-1").keeper)
    routeFetch(() => ({ status: 204 }))
    await expect(client.request("/api/admin/products/p1", { method: "DELETE" })).resolves.toBeNull()

    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(new Response("<html>oops</html>", { status: 502, statusText: "Bad Gateway" }))),
    )
    expect(await failureOf(client.request("/api/products"))).toEqual({ status: 502, statusText: "Bad Gateway", body: null })
  })

  it("refreshes once after a 401 and retries once with the new token, which it keeps", async () => {
    const session = storedSession("stale")
    const calls = routeFetch(bffAccepting("fresh"))

    await expect(clientFor(session.keeper).request("/api/cart")).resolves.toEqual({ url: "/api/cart" })
    expect(calls.map(({ url, headers }) => [url, headers.get("Authorization")])).toEqual([
      ["/api/cart", "Bearer stale"],
      [REFRESH_PATH, null],
      ["/api/cart", "Bearer fresh"],
    ])
    expect(calls[1]).toMatchObject({ method: "POST", credentials: "include" })
    expect(session.state).toEqual({ accessToken: "fresh", ended: 0 })
  })

  it("retries only once when the retried call is still unauthorised", async () => {
    const calls = routeFetch((url) => (url === REFRESH_PATH ? { status: 200, body: { accessToken: "fresh" } } : unauthorized))

    expect((await failureOf(clientFor(storedSession("stale").keeper).request("/api/cart"))).status).toBe(401)
    expect(calls.map(({ url }) => url)).toEqual(["/api/cart", REFRESH_PATH, "/api/cart"])
  })

  it("ends the session when the refresh is refused, and gives back the 401", async () => {
    const session = storedSession("stale")
    const calls = routeFetch(() => unauthorized)

    expect(await failureOf(clientFor(session.keeper).request("/api/cart"))).toMatchObject({ status: 401, body: { message: "Please sign in." } })
    expect(session.state).toEqual({ accessToken: null, ended: 1 })
    expect(calls.map(({ url }) => url)).toEqual(["/api/cart", REFRESH_PATH])
  })

  it("shares one refresh between concurrent 401s", async () => {
    const calls = routeFetch(bffAccepting("fresh"))
    const client = clientFor(storedSession("stale").keeper)

    const paths = ["/api/cart", "/api/wishlist", "/api/admin/orders"]
    await expect(Promise.all(paths.map((path) => client.request(path)))).resolves.toEqual(paths.map((url) => ({ url })))
    expect(calls.filter(({ url }) => url === REFRESH_PATH)).toHaveLength(1)
  })

  it("retries with the token another tab stored meanwhile, without spending the refresh cookie", async () => {
    const session = storedSession("stale")
    const calls = routeFetch((url, authorization) => {
      // The other app, in another tab, refreshed while this call was on its way.
      session.state.accessToken = "from-another-tab"
      return authorization === "Bearer from-another-tab" ? { status: 200, body: { url } } : unauthorized
    })

    await expect(clientFor(session.keeper).request("/api/cart")).resolves.toEqual({ url: "/api/cart" })
    expect(calls.map(({ url }) => url)).toEqual(["/api/cart", "/api/cart"])
  })

  it("refreshes under the Web Lock every tab of both apps takes turns on", async () => {
    const names: string[] = []
    vi.stubGlobal("navigator", {
      locks: {
        request: (name: string, run: () => Promise<unknown>) => {
          names.push(name)
          return run()
        },
      },
    })
    routeFetch(bffAccepting("fresh"))

    await clientFor(storedSession("stale").keeper).request("/api/cart")
    expect(names).toEqual([REFRESH_LOCK_NAME])
  })

  it("neither refreshes nor retries when told not to, nor around the refresh call itself", async () => {
    const calls = routeFetch(() => unauthorized)
    const client = clientFor(storedSession("token-1").keeper)

    expect((await failureOf(client.request("/api/auth/login", { method: "POST", body: {}, refresh: false }))).status).toBe(401)
    expect((await failureOf(client.request(REFRESH_PATH, { method: "POST" }))).status).toBe(401)
    expect(calls.map(({ url }) => url)).toEqual(["/api/auth/login", REFRESH_PATH])
  })

  it("sends no token when told not to", async () => {
    const calls = routeFetch(() => ({ status: 200, body: {} }))
    await clientFor(storedSession("token-1").keeper).request("/api/admin/auth/login", { method: "POST", body: {}, bearer: false, refresh: false })
    expect(calls[0]!.headers.get("Authorization")).toBeNull()
  })
})

describe("a call without a stored token", () => {
  it("refreshes first where the app asks it to, and sends the token it got", async () => {
    const session = storedSession(null)
    const calls = routeFetch(bffAccepting("fresh"))

    await clientFor(session.keeper, { refreshBeforeTokenless: () => true }).request("/api/cart")
    expect(calls.map(({ url, headers }) => [url, headers.get("Authorization")])).toEqual([
      [REFRESH_PATH, null],
      ["/api/cart", "Bearer fresh"],
    ])
  })

  it("then takes its 401 as final, and stops refreshing once the app says its session ended", async () => {
    let ended = false
    const session = storedSession(null)
    const calls = routeFetch(() => unauthorized)
    const client = clientFor(session.keeper, { refreshBeforeTokenless: () => !ended })

    expect((await failureOf(client.request("/api/cart"))).status).toBe(401)
    ended = true
    expect((await failureOf(client.request("/api/cart"))).status).toBe(401)
    expect(calls.map(({ url }) => url)).toEqual([REFRESH_PATH, "/api/cart", "/api/cart"])
  })

  it("otherwise goes as it is, and its 401 gets the refresh", async () => {
    const calls = routeFetch(bffAccepting("fresh"))

    await expect(clientFor(storedSession(null).keeper).request("/api/admin/products")).resolves.toEqual({ url: "/api/admin/products" })
    expect(calls.map(({ url }) => url)).toEqual(["/api/admin/products", REFRESH_PATH, "/api/admin/products"])
  })
})
