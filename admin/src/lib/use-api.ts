import { useEffect, useState } from "react"
import { authorizedJson } from "./http-client"

export type ApiState<T> = { status: "loading" } | { status: "error"; error: unknown } | { status: "ready"; data: T }

/** Reads one BFF path for a screen, narrowing the answer with `read` (which throws on a shape it does not expect). */
export function useApi<T>(path: string | null, read: (body: unknown) => T): ApiState<T> {
  const [state, setState] = useState<{ path: string | null; value: ApiState<T> }>({ path, value: { status: "loading" } })
  useEffect(() => {
    if (!path) return
    const controller = new AbortController()
    authorizedJson(path, { signal: controller.signal })
      .then((body) => setState({ path, value: { status: "ready", data: read(body) } }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ path, value: { status: "error", error } })
      })
    return () => controller.abort()
  }, [path, read])
  return state.path === path ? state.value : { status: "loading" }
}
