import { createWebClient, uploadForm, type HttpMethod } from "@fitshop/web-client"
import { HttpError } from "react-admin"
import { isRecord } from "./guards"
import { clearSession, getAccessToken, storeAccessToken } from "./session"

export const PERMISSION_DENIED_MESSAGE = "You don’t have permission to do that."

export type JsonRequest = {
  method?: HttpMethod
  body?: unknown
  signal?: AbortSignal
}

/** The spec's error text: the server's message, else the permission text for a 403, else the error's own. */
export function describeFailure(status: number, body: unknown, ownMessage: string): string {
  if (isRecord(body) && typeof body.message === "string" && body.message) return body.message
  if (status === 403) return PERMISSION_DENIED_MESSAGE
  return ownMessage || `Request failed with status ${String(status)}`
}

/**
 * The shared browser client (@fitshop/web-client) with the console's session, kept under the shop's keys: both
 * apps ride on one rotating refresh cookie. Failures are react-admin's HttpError, with the spec's text.
 */
const client = createWebClient({
  session: { accessToken: getAccessToken, keep: storeAccessToken, end: clearSession },
  credentials: "same-origin",
  failure: ({ status, statusText, body }) => new HttpError(describeFailure(status, body, statusText), status, body),
})

/** Calls the BFF without credentials beyond its cookies (sign-in). */
export function publicJson(path: string, request: JsonRequest = {}): Promise<unknown> {
  return client.request(path, { ...request, bearer: false, refresh: false })
}

/**
 * Trades the refresh cookie for a new access token, or ends the session when the BFF refuses; given the token a
 * call was `rejected` with, first takes one renewed since (by another call, or a tab of either app).
 */
export const refreshAccessToken = (rejected?: string | null): Promise<string | null> => client.refresh(rejected)

/** Drops a refresh still in flight; tests start each case as a fresh page load. */
export const resetRefreshState = (): void => client.reset()

/** Calls the BFF with the stored Bearer token; unless told not to, a 401 gets one token refresh and one retry. */
export function authorizedJson(path: string, request: JsonRequest = {}, { retryAfterRefresh = true }: { retryAfterRefresh?: boolean } = {}): Promise<unknown> {
  return client.request(path, { ...request, refresh: retryAfterRefresh })
}

/**
 * Sends one file as multipart (`field`) with its upload progress and answers the stored file's `url`; a 401 gets
 * one token refresh and one retry, as every call does.
 */
export async function uploadFile(path: string, field: string, file: File, onProgress: (share: number) => void = () => undefined): Promise<string> {
  const form = new FormData()
  form.append(field, file)
  const body = await uploadForm(client, path, form, { onProgress })
  const url = isRecord(body) ? body.url : undefined
  if (typeof url !== "string" || !url) throw new Error("The server sent no address for the upload.")
  onProgress(1)
  return url
}
