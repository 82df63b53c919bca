import { sortedUrl, toSearchParams, withQuery, type QueryParams } from "@fitshop/contracts"
import { createWebClient, type HttpMethod } from "@fitshop/web-client"
import { getReferralPostId } from "./referral"
import { clearSession, getAccessToken, hasSessionEnded, storeAccessToken } from "./session"

export const PERMISSION_DENIED_TEXT = "You don’t have permission to do that."

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

function readErrorText(body: unknown): string | null {
  if (!isRecord(body)) return null
  const { error, message } = body
  if (typeof error === "string" && error) return error
  if (typeof message === "string" && message) return message
  if (isRecord(error) && typeof error.message === "string" && error.message) return error.message
  return null
}

/** An HTTP failure from the BFF: status plus the text the server gave (its `error`, else `message`). */
export class ApiError extends Error {
  readonly status: number
  readonly body: unknown
  /** The server's own text, when its answer carried one. */
  readonly serverText: string | null

  constructor(status: number, body: unknown) {
    const serverText = readErrorText(body)
    super(serverText ?? `Request failed with status ${String(status)}`)
    this.name = "ApiError"
    this.status = status
    this.body = body
    this.serverText = serverText
  }
}

/** A 401 that survived the client's refresh and retry: the shopper has to sign in. */
export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401

/** The text to show for a failed call: the server's, else the permission text for a 403, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (error.serverText) return error.serverText
  return error.status === 403 ? PERMISSION_DENIED_TEXT : fallback
}

export type { QueryParams }

export type RequestOptions = {
  params?: QueryParams
  body?: unknown
  signal?: AbortSignal
  /**
   * Neither waits for nor retries a token refresh: credential calls (login, signup, …), whose 401 means
   * wrong credentials, and public catalogue reads, which must not queue behind the session's refresh.
   */
  skipSessionRefresh?: boolean
}

/** Builds a same-origin path with a query string, leaving out empty values. */
export const buildUrl = (path: string, params?: QueryParams): string => withQuery(path, toSearchParams(params))

/** A read's key in the answers the BFF sends inside a page (lib/server-answers); the BFF keys them the same way. */
export { sortedUrl }

/** A response body as JSON; null when it is empty or not JSON. */
export { parseJson } from "@fitshop/web-client"

/** The referral header rides on every call and on the refresh. */
function referralHeader(): Record<string, string> {
  const referralPostId = getReferralPostId()
  return referralPostId ? { "X-Ref-Post": referralPostId } : {}
}

/**
 * The shared browser client (@fitshop/web-client) with the shop's session: cookies included, and a call without a
 * token trades the refresh cookie for one first until this page's session ended (a new page may hold only the cookie).
 * Uploads with progress go through it with the package's `uploadForm`, loaded only by the pages that upload.
 */
export const webClient = createWebClient({
  session: { accessToken: getAccessToken, keep: storeAccessToken, end: clearSession },
  credentials: "include",
  headers: referralHeader,
  refreshBeforeTokenless: () => !hasSessionEnded(),
  failure: ({ status, body }) => new ApiError(status, body),
})

/**
 * Trades the refresh cookie for a new access token, or clears the session when that fails; given the token a
 * call was `rejected` with, first takes one renewed since. Concurrent callers share one request: the BFF
 * revokes a session whose rotated refresh token is reused.
 */
export const refreshAccessToken = (rejected?: string | null): Promise<string | null> => webClient.refresh(rejected)

/** Drops a refresh still in flight; tests start each case as a fresh page load. */
export const resetRefreshState = (): void => webClient.reset()

async function request<T>(method: HttpMethod, path: string, { params, body, signal, skipSessionRefresh }: RequestOptions = {}): Promise<T> {
  const answer = await webClient.request(buildUrl(path, params), { method, body, signal, refresh: !skipSessionRefresh })
  return answer as T
}

/**
 * The storefront's only HTTP client: same origin, cookies included, JSON (or FormData) bodies, the
 * Bearer token and referral header attached, and one token refresh plus one retry on a 401.
 */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) => request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PUT", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PATCH", path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
}
