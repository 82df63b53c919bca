import type { ReactNode } from "react"
import { errorMessage } from "@/lib/api-client"

/** A read still on its way, announced politely ("Loading orders…"). */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p className="muted" role="status">
      {children}
    </p>
  )
}

/** A read that failed: the server's text when it sent one, else the screen's own (spec section 8). */
export function ReadError({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <p className="inline-error" role="alert">
      {errorMessage(error, fallback)}
    </p>
  )
}
