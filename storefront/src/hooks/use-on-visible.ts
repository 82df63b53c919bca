import { useEffect, type RefObject } from "react"

/**
 * Calls `onVisible` when `target` scrolls within `rootMargin` of the viewport, while `enabled`.
 * Does nothing where IntersectionObserver is missing, so a visible fallback control must exist.
 */
export function useOnVisible(
  target: RefObject<Element | null>,
  onVisible: () => void,
  { enabled, rootMargin = "400px 0px" }: { enabled: boolean; rootMargin?: string },
) {
  useEffect(() => {
    const element = target.current
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible()
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
    }
  }, [target, onVisible, enabled, rootMargin])
}
