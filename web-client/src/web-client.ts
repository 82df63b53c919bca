import { REFRESH_PATH, sessionRefresher, type SessionKeeper } from "@fitshop/contracts"
import { parseJson } from "./json.js"

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/** A failed answer as the BFF sent it (the body parsed as JSON, null when it was none); each app makes its own error of it. */
export type Failure = { status: number; statusText: string; body: unknown }

export type CallOptions = {
  method?: HttpMethod
  /** JSON, or FormData sent as it is (the browser sets its content type). */
  body?: unknown
  signal?: AbortSignal
  /**
   * false: neither refreshes nor retries, so a 401 is final: credential calls (whose 401 means wrong credentials)
   * and reads that must not wait behind the session's refresh.
   */
  refresh?: boolean
  /** false: sends no Bearer token even when one is stored (the console's sign-in). */
  bearer?: boolean
}

export type WebClientConfig = {
  /** Where the app keeps its session: the token it reads, keeps after a refresh, and clears when the BFF refuses one. */
  session: SessionKeeper
  /** Every call's credentials; the refresh itself always sends the cookie. */
  credentials: RequestCredentials
  /** Headers every call and the refresh carry besides Accept and Authorization (the shop's X-Ref-Post). */
  headers?: () => Record<string, string>
  /**
   * Given (the shop, whose new page may hold only the refresh cookie), a call without a stored token first trades
   * the cookie for one while this answers true, and its 401 is final. Not given (the console), such a call goes as
   * it is and its 401 gets the refresh as any other does.
   */
  refreshBeforeTokenless?: () => boolean
  /** The app's error for a failed answer. */
  failure: (failure: Failure) => Error
}

export type WebClient = {
  /** Calls the BFF on its own origin and answers the parsed JSON (null for an empty body); a failed answer throws the app's error. */
  request(path: string, options?: CallOptions): Promise<unknown>
  /**
   * Runs one exchange of another transport (the uploads' XMLHttpRequest) under the same rules: `send` goes with the
   * token to use, and once more (`retry`) with a new one when it answered 401.
   */
  withSession<T extends { status: number }>(send: (accessToken: string | null, retry: boolean) => Promise<T>): Promise<T>
  /** The headers a call with `accessToken` and `body` carries. */
  headers(accessToken: string | null, body?: unknown): Record<string, string>
  /** The app's error for a failed answer. */
  failure(failure: Failure): Error
  /**
   * Trades the refresh cookie for a new access token, or ends the session when the BFF refuses; given the token a
   * call was `rejected` with, first takes one renewed since (by another call, or a tab of either app).
   */
  refresh(rejected?: string | null): Promise<string | null>
  /** Drops a refresh still in flight; tests start each case as a fresh page load. */
  reset(): void
}

const encode = (body: unknown): BodyInit | undefined => (body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body))

/**
 * The browser's one HTTP client, for the shop and the console alike: same origin, the Bearer token attached, and
 * on a 401 one token refresh (contracts/src/session.ts's rules, shared by every tab of both apps) and one retry.
 */
export function createWebClient(config: WebClientConfig): WebClient {
  const refresher = sessionRefresher(config.session, { headers: config.headers })

  function headersFor(accessToken: string | null, body: unknown): Record<string, string> {
    const headers: Record<string, string> = { Accept: "application/json", ...config.headers?.() }
    if (body !== undefined && !(body instanceof FormData)) headers["Content-Type"] = "application/json"
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`
    return headers
  }

  /** Sends with the stored token (refreshing first where the app wants it), then once more after a refresh if the BFF answered 401. */
  async function withSession<T extends { status: number }>(
    { refresh, bearer }: { refresh: boolean; bearer: boolean },
    send: (accessToken: string | null, retry: boolean) => Promise<T>,
  ): Promise<T> {
    if (!bearer) return send(null, false)
    const tokenlessRefreshesFirst = config.refreshBeforeTokenless !== undefined
    let accessToken = config.session.accessToken()
    if (!accessToken && refresh && config.refreshBeforeTokenless?.()) accessToken = await refresher.refresh()
    const answer = await send(accessToken, false)
    if (answer.status !== 401 || !refresh || (!accessToken && tokenlessRefreshesFirst)) return answer
    const renewed = await refresher.refresh(accessToken)
    return renewed ? send(renewed, true) : answer
  }

  return {
    async request(path, { method = "GET", body, signal, refresh = true, bearer = true } = {}) {
      const response = await withSession({ refresh: refresh && path !== REFRESH_PATH, bearer }, (accessToken) =>
        fetch(path, { method, headers: headersFor(accessToken, body), credentials: config.credentials, body: encode(body), signal }),
      )
      const parsed = parseJson(await response.text())
      if (!response.ok) throw config.failure({ status: response.status, statusText: response.statusText, body: parsed })
      return parsed
    },

    withSession: (send) => withSession({ refresh: true, bearer: true }, send),
    headers: headersFor,
    failure: config.failure,
    refresh: (rejected) => refresher.refresh(rejected),
    reset: () => refresher.reset(),
  }
}
