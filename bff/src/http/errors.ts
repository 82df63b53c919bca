/**
 * The one error type of the BFF. The handler answers `{ error, message, code }`: `error` and `message`
 * both carry the text a person can read (the shop spec shows `error` first, the feed spec `message`),
 * `code` is the stable id for programs.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Extra fields a client may use (e.g. retryAfterSeconds); never anything secret. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, "bad_request", message)
export const unauthorized = (message = "Please sign in.") => new HttpError(401, "unauthorized", message)
export const forbidden = (message = "You don’t have permission to do that.") => new HttpError(403, "forbidden", message)
export const notFound = (message = "Not found") => new HttpError(404, "not_found", message)
export const conflict = (message: string) => new HttpError(409, "conflict", message)
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, "rate_limited", message, { "Retry-After": String(retryAfterSeconds) }, { retryAfterSeconds })
/** A 503; with `retryAfterSeconds` it also says when to try again (Retry-After, and the body's retryAfterSeconds). */
export const serviceUnavailable = (message: string, retryAfterSeconds?: number) =>
  retryAfterSeconds === undefined
    ? new HttpError(503, "service_unavailable", message)
    : new HttpError(503, "service_unavailable", message, { "Retry-After": String(retryAfterSeconds) }, { retryAfterSeconds })
