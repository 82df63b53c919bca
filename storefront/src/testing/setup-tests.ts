import "@testing-library/jest-dom/vitest"
import { cleanup, configure } from "@testing-library/react"
import { afterEach, beforeAll } from "vitest"
import { preloadRoutes } from "@/app/router"
import { resetRefreshState } from "@/lib/api-client"
import { resetServerAnswers } from "@/lib/server-answers"
import { resetSessionMemory } from "@/lib/session"
import { removeServerAnswers } from "./server-answers"

// As the console's tests do: findBy and waitFor wait up to 10 s, not 1 s, so a busy CI machine (two cores, every
// test file in parallel) doesn't fail a screen that is merely slow to update.
configure({ asyncUtilTimeout: 10_000 })

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
