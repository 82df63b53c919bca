import { useCallback, useEffect, useRef } from "react"

/** setTimeout for components: every pending timer is cleared when the component unmounts. */
export function useTimeouts() {
  const pending = useRef(new Set<ReturnType<typeof setTimeout>>())

  useEffect(() => {
    const timers = pending.current
    return () => {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    }
  }, [])

  const schedule = useCallback((run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      pending.current.delete(timer)
      run()
    }, ms)
    pending.current.add(timer)
    return () => {
      clearTimeout(timer)
      pending.current.delete(timer)
    }
  }, [])

  const wait = useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        schedule(resolve, ms)
      }),
    [schedule],
  )

  return { schedule, wait }
}
