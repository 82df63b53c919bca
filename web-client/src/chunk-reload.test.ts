import { describe, expect, it } from "vitest"
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, createChunkReload, type ChunkReload } from "./chunk-reload.js"

/** One tab: its sessionStorage outlives each page, whose reload() starts the next page of the same tab. */
function tab(start = 1_000_000) {
  const notes = new Map<string, string>()
  const storage = {
    getItem: (key: string) => notes.get(key) ?? null,
    setItem: (key: string, value: string) => void notes.set(key, value),
    removeItem: (key: string) => void notes.delete(key),
  }
  const state = { time: start, reloads: 0, online: true }
  const page = (): ChunkReload =>
    createChunkReload({ storage: () => storage, reload: () => void (state.reloads += 1), now: () => state.time, online: () => state.online })
  return { notes, state, page }
}

const chunkGone = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/cart-page-old.js"))

/** Whether a promise has settled once pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  promise.then(
    () => (done = true),
    () => (done = true),
  )
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done
}

describe("chunk reload", () => {
  it("reloads the page once when a chunk fails, and the page that comes back does not reload again", async () => {
    const { state, page } = tab()
    const oldPage = page()
    expect(await settled(oldPage.load(chunkGone))).toBe(false)
    expect(state.reloads).toBe(1)

    state.time += 2_000
    await expect(page().load(chunkGone)).rejects.toThrow(/cart-page-old/)
    expect(state.reloads).toBe(1)
  })

  it("counts the page's Vite preload error and the failed import it causes as one failure", async () => {
    const { state, page } = tab()
    const current = page()
    const window = new EventTarget()
    current.listen(window)
    window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }))
    expect(state.reloads).toBe(1)
    expect(await settled(current.load(chunkGone))).toBe(false)
    expect(state.reloads).toBe(1)
  })

  it("forgets the reload once a chunk loads, so the next rollout reloads again", async () => {
    const { notes, state, page } = tab()
    expect(await settled(page().load(chunkGone))).toBe(false)
    expect(notes.has(CHUNK_RELOAD_KEY)).toBe(true)

    const newPage = page()
    await expect(newPage.load(() => Promise.resolve("CartPage"))).resolves.toBe("CartPage")
    expect(notes.has(CHUNK_RELOAD_KEY)).toBe(false)
    expect(await settled(newPage.load(chunkGone))).toBe(false)
    expect(state.reloads).toBe(2)
  })

  it("reloads again for a failure long after the last reload (another rollout)", () => {
    const { state, page } = tab()
    expect(page().reloadOnce()).toBe(true)
    state.time += CHUNK_RELOAD_WINDOW_MS
    expect(page().reloadOnce()).toBe(true)
    expect(state.reloads).toBe(2)
  })

  it("does not reload while the browser is offline (the download failed for that), and notes nothing", () => {
    const { notes, state, page } = tab()
    state.online = false
    expect(page().reloadOnce()).toBe(false)
    expect(notes.has(CHUNK_RELOAD_KEY)).toBe(false)
    expect(state.reloads).toBe(0)
  })

  it("never reloads outside a browser, where the storage or the network state is missing (no guard against a loop)", () => {
    let reloads = 0
    const noStorage = createChunkReload({
      storage: () => {
        throw new ReferenceError("sessionStorage is not defined")
      },
      reload: () => void (reloads += 1),
      now: () => 0,
      online: () => true,
    })
    expect(noStorage.reloadOnce()).toBe(false)
    expect(() => noStorage.loaded()).not.toThrow()
    expect(reloads).toBe(0)
    const noNavigator = createChunkReload({
      storage: () => new Map() as unknown as Storage,
      reload: () => void (reloads += 1),
      now: () => 0,
      online: () => {
        throw new ReferenceError("navigator is not defined")
      },
    })
    expect(noNavigator.reloadOnce()).toBe(false)
    expect(reloads).toBe(0)
  })
})
