import { setTimeout as sleep } from "node:timers/promises"

/**
 * Wraps work on a set of keys so that calls made while it runs are merged into one next run: a burst of
 * change notices (a drop's orders each touching the same product) costs two runs, not one per notice.
 * Each call resolves once a run that started after the call has covered its keys, so the caller never
 * returns on a read made before its change. With `gapMs`, a run starts at least that long after the one
 * before it started, so a steady stream of notices costs one run per gap rather than runs back to back.
 */
export function coalesced(work: (keys: string[]) => Promise<void>, { gapMs = 0 } = {}): (keys: string[]) => Promise<void> {
  let pending = new Set<string>()
  let waiting: { resolve: () => void; reject: (error: unknown) => void }[] = []
  let running = false
  let lastStartedAt = -Infinity

  async function drain(): Promise<void> {
    running = true
    while (waiting.length) {
      // A timer may fire a little early by this clock, so wait until the gap has really passed.
      for (let rest = lastStartedAt + gapMs - performance.now(); rest > 0; rest = lastStartedAt + gapMs - performance.now()) await sleep(Math.ceil(rest))
      lastStartedAt = performance.now()
      const keys = [...pending]
      const batch = waiting
      pending = new Set()
      waiting = []
      try {
        await work(keys)
        for (const caller of batch) caller.resolve()
      } catch (error) {
        for (const caller of batch) caller.reject(error)
      }
    }
    running = false
  }

  return (keys) =>
    new Promise<void>((resolve, reject) => {
      for (const key of keys) pending.add(key)
      waiting.push({ resolve, reject })
      if (!running) void drain()
    })
}
