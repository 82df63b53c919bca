import { act } from "@testing-library/react"
import { StrictMode } from "react"
import { hydrateRoot, type Root } from "react-dom/client"
import { vi } from "vitest"
import { App } from "@/app/app"

let root: Root | undefined

/**
 * The app's JavaScript taking over a page the server painted into `container`, as main.tsx does; answers what React
 * complained about: a mismatched attribute or text on the console, a mismatched tree as a recoverable error.
 */
export async function hydrateApp(container: HTMLElement): Promise<unknown[]> {
  const recoverable: unknown[] = []
  const complaints = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void recoverable.push(args.map(String).join(" ")))
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App />
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    )
    await Promise.resolve()
  })
  complaints.mockRestore()
  return recoverable
}

/** Ends the app hydrated last (a test's afterEach), and empties the page. */
export function unmountHydratedApp(): void {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ""
  window.history.replaceState(null, "", "/")
}
