import { useEffect } from "react"
import { useSession } from "./auth"

/** What index.html's tap queue (build/first-tap-queue.js) leaves on window: the names of the buttons tapped before the app ran. */
export type FirstTaps = {
  queue: string[]
  /** True while the app clicks a queued button again: the queue lets that click through to the app. */
  replaying: boolean
  /** Stops keeping taps: from then on they reach the app's own handlers. */
  stop: () => void
}

declare global {
  interface Window {
    firstTaps?: FirstTaps
  }
}

/**
 * Marks a button whose first tap counts before the app has run: the tap queue answers it at once and keeps it for the
 * app. The queue marks it `data-tapped` before hydration, which React would report as an attribute it did not render.
 */
export const firstTap = (name: string) => ({ "data-tap": name, suppressHydrationWarning: true })

const nextTask = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** How long the replay waits for the app to show a replayed toggle chosen before it goes on regardless. */
const TOGGLE_SHOWN_WITHIN_MS = 2_000

const tappedButton = (name: string) => document.querySelector<HTMLElement>(`[data-tap="${CSS.escape(name)}"]`)

/**
 * Waits until the app shows the toggle `name` chosen (aria-pressed, on the button as rendered now): the render that
 * chooses a size may also put a new ADD TO BAG in place of the old (the product page keys it by the size), and a
 * click on the old one would be lost. Gives up after TOGGLE_SHOWN_WITHIN_MS.
 */
async function toggleShown(name: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < TOGGLE_SHOWN_WITHIN_MS; await nextTask(16)) {
    if (tappedButton(name)?.getAttribute("aria-pressed") === "true") return
  }
}

/**
 * Clicks each queued button again, in the order they were tapped, once each, each a task after the last: outside the
 * effect that starts it (a click there lost its update) and once the app has rendered the last tap's answer (a chosen
 * size before ADD TO BAG reads it). Taps made meanwhile join the queue. Then the queue steps aside and its marks go:
 * the app's own state shows from there.
 */
export async function replayFirstTaps(taps: FirstTaps): Promise<void> {
  for (let name = taps.queue.shift(); name !== undefined; name = taps.queue.shift()) {
    await nextTask()
    const button = tappedButton(name)
    if (button) {
      delete button.dataset.tapped
      taps.replaying = true
      try {
        button.click()
      } finally {
        taps.replaying = false
      }
      if (button.hasAttribute("aria-pressed")) await toggleShown(name)
    }
  }
  taps.stop()
  for (const marked of document.querySelectorAll<HTMLElement>("[data-tapped]")) delete marked.dataset.tapped
}

/**
 * Hands the taps made before the app ran to the app, once it is on screen: at once when there are none; otherwise
 * once the session is known, so an ADD TO BAG tapped early adds for a signed-in shopper and asks a signed-out one to
 * sign in, as a tap after would.
 */
export function useReplayFirstTaps(): void {
  const { ready, isSignedIn } = useSession()
  const sessionKnown = ready || isSignedIn
  useEffect(() => {
    const taps = window.firstTaps
    if (!taps) return
    if (taps.queue.length === 0) {
      taps.stop()
      delete window.firstTaps
      return
    }
    if (!sessionKnown) return
    delete window.firstTaps
    void replayFirstTaps(taps)
  }, [sessionKnown])
}
