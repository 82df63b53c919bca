import { HttpError } from "react-admin"
import { describeFailure } from "./http-client"

/** The spec's admin error text: the server's message, else the permission text for a 403, else the screen's own fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof HttpError) {
    const status: unknown = error.status
    return describeFailure(typeof status === "number" ? status : 0, error.body, fallback)
  }
  return fallback
}
