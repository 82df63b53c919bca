import "@testing-library/jest-dom/vitest"
import { cleanup, configure } from "@testing-library/react"
import { afterEach } from "vitest"

// react-admin's first render (auth check, layout, Material UI styles) can take over a second in jsdom.
configure({ asyncUtilTimeout: 10_000 })

/** jsdom has no layout, so no ResizeObserver; recharts' ResponsiveContainer needs one to mount. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver

afterEach(() => {
  cleanup()
  localStorage.clear()
})
