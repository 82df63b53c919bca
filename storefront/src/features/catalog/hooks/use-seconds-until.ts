import { useCallback, useSyncExternalStore } from "react"
import { msToNextTick, secondsUntil } from "../utils/drop-countdown"

/** The server does not know the shopper's clock: it paints no countdown, and the browser hydrates that before counting. */
const onTheServer = () => null

/**
 * Whole seconds left until `at`, changing each second down to 0; null when there is no `at`, and on the server and while
 * the browser hydrates what the server painted.
 */
export function useSecondsUntil(at: string | null): number | null {
  const target = at === null ? null : Date.parse(at)

  const subscribe = useCallback(
    (onTick: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      // Each wait is measured from the clock, not counted: a background tab's timers are slowed, its clock is not.
      const scheduleTick = () => {
        const msLeft = target === null ? 0 : target - Date.now()
        if (msLeft <= 0) return
        timer = setTimeout(() => {
          onTick()
          scheduleTick()
        }, msToNextTick(msLeft))
      }
      scheduleTick()
      return () => {
        clearTimeout(timer)
      }
    },
    [target],
  )

  return useSyncExternalStore(subscribe, () => (target === null ? null : secondsUntil(target, Date.now())), onTheServer)
}
