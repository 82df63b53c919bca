/**
 * Wraps work on a set of keys so that calls made while it runs are merged into one next run: a burst of
 * change notices (a drop's orders each touching the same product) costs two runs, not one per notice.
 * Each call resolves once a run that started after the call has covered its keys, so the caller never
 * returns on a read made before its change.
 */
export function coalesced(work: (keys: string[]) => Promise<void>): (keys: string[]) => Promise<void> {
  let pending = new Set<string>()
  let waiting: { resolve: () => void; reject: (error: unknown) => void }[] = []
  let running = false

  async function drain(): Promise<void> {
    running = true
    while (waiting.length) {
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
