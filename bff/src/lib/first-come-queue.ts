/** The queue already has as many waiting as it may hold. */
export class QueueFull extends Error {}

export type FirstComeQueue = {
  /** Runs `task` once fewer than `concurrency` tasks are running, after every task that came before it. */
  run<T>(task: () => Promise<T>): Promise<T>
  /** Tasks running and waiting now. */
  size(): { running: number; waiting: number }
}

/**
 * A bounded first-come queue: at most `concurrency` tasks run at once, the others wait their turn in the
 * order they came, and past `capacity` waiting a task is refused at once (QueueFull). A finishing task
 * hands its place straight to the first one waiting, so none can jump the line.
 */
export function firstComeQueue({ concurrency, capacity }: { concurrency: number; capacity: number }): FirstComeQueue {
  let running = 0
  const waiting: (() => void)[] = []
  return {
    async run(task) {
      if (running < concurrency) running += 1
      else {
        if (waiting.length >= capacity) throw new QueueFull(`${waiting.length} tasks are already waiting`)
        await new Promise<void>((resolve) => waiting.push(resolve))
      }
      try {
        return await task()
      } finally {
        const next = waiting.shift()
        if (next) next()
        else running -= 1
      }
    },
    size: () => ({ running, waiting: waiting.length }),
  }
}
