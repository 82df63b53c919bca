import { describe, expect, it } from "vitest"
import { firstComeQueue, QueueFull } from "./first-come-queue.js"

/** A task that runs until the test lets it finish, noting when it started. */
function gate(started: number[], id: number) {
  let finish = () => undefined as void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { task: async () => (started.push(id), await done, id), finish }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("the first-come queue", () => {
  it("runs at most `concurrency` tasks at once and starts the rest in the order they came", async () => {
    const queue = firstComeQueue({ concurrency: 2, capacity: 10 })
    const started: number[] = []
    const gates = [0, 1, 2, 3, 4].map((id) => gate(started, id))
    const results = gates.map((g) => queue.run(g.task))
    await settle()
    expect(started).toEqual([0, 1])
    expect(queue.size()).toEqual({ running: 2, waiting: 3 })
    gates[1]!.finish()
    await settle()
    expect(started).toEqual([0, 1, 2])
    gates[0]!.finish()
    gates[2]!.finish()
    await settle()
    expect(started).toEqual([0, 1, 2, 3, 4])
    gates[3]!.finish()
    gates[4]!.finish()
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4])
    expect(queue.size()).toEqual({ running: 0, waiting: 0 })
  })

  it("refuses a task at once when `capacity` are already waiting, and frees the place of a task that failed", async () => {
    const queue = firstComeQueue({ concurrency: 1, capacity: 1 })
    const started: number[] = []
    const [first, second] = [gate(started, 1), gate(started, 2)]
    const running = queue.run(first.task)
    const waiting = queue.run(second.task)
    await expect(queue.run(async () => 3)).rejects.toBeInstanceOf(QueueFull)
    first.finish()
    second.finish()
    await Promise.all([running, waiting])
    await expect(queue.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom")
    expect(await queue.run(async () => 4)).toBe(4)
    expect(queue.size()).toEqual({ running: 0, waiting: 0 })
  })
})
