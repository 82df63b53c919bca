import "@testing-library/jest-dom/vitest"
import { cleanup } from "@testing-library/react"
import { afterEach, beforeAll } from "vitest"
import { preloadRoutes } from "@/app/router"
import { resetRefreshState } from "@/lib/api-client"
import { resetServerAnswers } from "@/lib/server-answers"
import { resetSessionMemory } from "@/lib/session"
import { removeServerAnswers } from "./server-answers"

/** jsdom has no layout, so it does not implement scrolling; pages that scroll to the top get a no-op. */
Object.defineProperty(window, "scrollTo", { value: () => undefined, writable: true })

// Lazily loaded screens are fetched once up front, so tests render every route at once.
beforeAll(async () => {
  await preloadRoutes()
})

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  window.sessionStorage.clear()
  resetRefreshState()
  resetSessionMemory()
  removeServerAnswers()
  resetServerAnswers()
})
