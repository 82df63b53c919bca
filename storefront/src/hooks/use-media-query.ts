import { useCallback, useSyncExternalStore } from "react"

const supportsMatchMedia = () => typeof window !== "undefined" && typeof window.matchMedia === "function"

/** Whether a CSS media query matches now, following changes; false where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!supportsMatchMedia()) return () => undefined
      const list = window.matchMedia(query)
      list.addEventListener("change", onChange)
      return () => {
        list.removeEventListener("change", onChange)
      }
    },
    [query],
  )
  const getSnapshot = () => supportsMatchMedia() && window.matchMedia(query).matches
  return useSyncExternalStore(subscribe, getSnapshot, () => false)
}
