import { sessionRefresher } from "@fitshop/contracts"
import { fetchUtils, HttpError } from "react-admin"
import { isRecord } from "./guards"
import { clearSession, getAccessToken, storeAccessToken } from "./session"

export const PERMISSION_DENIED_MESSAGE = "You don’t have permission to do that."

export type JsonRequest = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  body?: unknown
  signal?: AbortSignal
}

/** The spec's error text: the server's message, else the permission text for a 403, else the error's own. */
export function describeFailure(status: number, body: unknown, ownMessage: string): string {
  if (isRecord(body) && typeof body.message === "string" && body.message) return body.message
  if (status === 403) return PERMISSION_DENIED_MESSAGE
  return ownMessage || `Request failed with status ${String(status)}`
}

async function send(path: string, request: JsonRequest, accessToken: string | null): Promise<unknown> {
  const headers = new Headers({ Accept: "application/json" })
  if (accessToken) headers.set("Authorization", `Bearer ${accessToken}`)
  try {
    const response = await fetchUtils.fetchJson(path, {
      method: request.method ?? "GET",
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: "same-origin",
    })
    const body: unknown = response.json
    return body
  } catch (error) {
    if (error instanceof HttpError) {
      const status: unknown = error.status
      const code = typeof status === "number" ? status : 0
      throw new HttpError(describeFailure(code, error.body, error.message), code, error.body)
    }
    throw error
  }
}

/** Calls the BFF without credentials beyond its cookies (sign-in, refresh). */
export function publicJson(path: string, request: JsonRequest = {}): Promise<unknown> {
  return send(path, request, null)
}

/** The storefront's refresh rules (contracts/src/session.ts): both apps ride on one rotating refresh cookie. */
const refresher = sessionRefresher({ accessToken: getAccessToken, keep: storeAccessToken, end: clearSession })

/**
 * Trades the refresh cookie for a new access token, or ends the session when the BFF refuses; given the
 * token a call was `rejected` with, first takes one renewed since (by another call, or a tab of either app).
 */
export const refreshAccessToken = (rejected?: string | null): Promise<string | null> => refresher.refresh(rejected)

/** Drops a refresh still in flight; tests start each case as a fresh page load. */
export const resetRefreshState = (): void => refresher.reset()

const isUnauthorized = (error: unknown): error is HttpError => error instanceof HttpError && error.status === 401

/** Calls the BFF with the stored Bearer token; unless told not to, a 401 gets one token refresh and one retry. */
export async function authorizedJson(
  path: string,
  request: JsonRequest = {},
  { retryAfterRefresh = true }: { retryAfterRefresh?: boolean } = {},
): Promise<unknown> {
  const used = getAccessToken()
  try {
    return await send(path, request, used)
  } catch (error) {
    if (!retryAfterRefresh || !isUnauthorized(error)) throw error
    const accessToken = await refreshAccessToken(used)
    if (!accessToken) throw error
    return send(path, request, accessToken)
  }
}
