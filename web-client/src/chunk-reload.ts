/**
 * A tab opened on the previous build asks for that build's lazily loaded chunks, which a rollout removed: the load
 * fails. Reloading the page once brings the new build; a second failure soon after means the chunk is truly gone,
 * and the app shows its error state instead of reloading again.
 */

/** Where the tab notes when it reloaded for a chunk (sessionStorage: this tab only, kept across the reload). */
export const CHUNK_RELOAD_KEY = "fitshop.chunk-reload"

/** A reload noted longer ago than this was for an earlier rollout: a new failure may reload again. */
export const CHUNK_RELOAD_WINDOW_MS = 5 * 60_000

type NoteStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">

export type ChunkReloadDeps = {
  /** Read on each use: the server render has no sessionStorage, and a browser may refuse it. */
  storage: () => NoteStorage
  reload: () => void
  now: () => number
  /** False when the browser knows it is offline: a reload could only bring the offline page. */
  online: () => boolean
}

export type ChunkReload = {
  /** A chunk failed to load: reloads the page unless this tab did so within the window. True while the page reloads. */
  reloadOnce(): boolean
  /** A chunk loaded: whatever failed before is over, so the next failure may reload. */
  loaded(): void
  /** Runs `load`; when it fails and the page reloads, never settles (the page is going away), else rejects as before. */
  load<T>(load: () => Promise<T>): Promise<T>
  /** Reloads once on Vite's `vite:preloadError` (a dynamic import or one of its files failed); the import still rejects. */
  listen(target: Pick<EventTarget, "addEventListener">): void
}

export function createChunkReload({ storage, reload, now, online }: ChunkReloadDeps): ChunkReload {
  let reloading = false
  const reloadOnce = (): boolean => {
    if (reloading) return true
    try {
      if (!online()) return false
      const notes = storage()
      const since = now() - Number(notes.getItem(CHUNK_RELOAD_KEY) ?? Number.NEGATIVE_INFINITY)
      if (since >= 0 && since < CHUNK_RELOAD_WINDOW_MS) return false
      notes.setItem(CHUNK_RELOAD_KEY, String(now()))
    } catch {
      // Without somewhere to note the reload (or outside a browser) nothing could stop a loop: show the error instead.
      return false
    }
    reloading = true
    reload()
    return true
  }
  const loaded = (): void => {
    if (reloading) return
    try {
      storage().removeItem(CHUNK_RELOAD_KEY)
    } catch {
      // Nothing was noted where there is no storage.
    }
  }
  return {
    reloadOnce,
    loaded,
    load: (load) =>
      load().then(
        (value) => {
          loaded()
          return value
        },
        (error: unknown) => {
          if (reloadOnce()) return new Promise<never>(() => undefined)
          throw error
        },
      ),
    listen: (target) => {
      target.addEventListener("vite:preloadError", () => void reloadOnce())
    },
  }
}

/** The browser's: this tab's sessionStorage, location and network state. */
export const chunkReload = createChunkReload({
  storage: () => sessionStorage,
  reload: () => location.reload(),
  now: () => Date.now(),
  online: () => navigator.onLine,
})
