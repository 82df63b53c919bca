import { describe, expect, it } from "vitest"
import { coalesced } from "./coalesced.js"

describe("coalesced", () => {
  it("merges the calls made during a run into one next run, each call answered after a run that covered it", async () => {
    const runs: string[][] = []
    let release: () => void = () => undefined
    const refresh = coalesced(async (keys) => {
      runs.push([...keys].sort())
      await new Promise<void>((resolve) => (release = resolve))
    })
    const first = refresh(["a"])
    const later = [refresh(["b"]), refresh(["a", "c"]), refresh([])]
    let laterDone = false
    void Promise.all(later).then(() => (laterDone = true))
    release()
    await first
    expect(laterDone).toBe(false)
    await new Promise((resolve) => setImmediate(resolve))
    release()
    await Promise.all(later)
    expect(runs).toEqual([["a"], ["a", "b", "c"]])
  })

  it("rejects the calls of a failed run and goes on with the next", async () => {
    let fail = true
    const refresh = coalesced(async () => {
      if (fail) throw new Error("Medusa is down")
    })
    await expect(refresh(["a"])).rejects.toThrow("Medusa is down")
    fail = false
    await expect(refresh(["a"])).resolves.toBeUndefined()
  })

  it("with a gap, runs the first call at once and each later run no sooner than the gap after the one before began", async () => {
    // A first run that waited a minute would time the test out.
    await coalesced(async () => undefined, { gapMs: 60_000 })(["a"])
    const startedAt: number[] = []
    const refresh = coalesced(async () => void startedAt.push(performance.now()), { gapMs: 150 })
    await refresh(["a"])
    await refresh(["b"])
    await Promise.all([refresh(["c"]), refresh(["d"])])
    expect(startedAt).toHaveLength(3)
    expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(149)
    expect(startedAt[2]! - startedAt[1]!).toBeGreaterThanOrEqual(149)
  })
})
