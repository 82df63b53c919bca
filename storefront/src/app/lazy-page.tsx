import { use, type ComponentType } from "react"
import { chunkReload } from "@fitshop/web-client"

export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<void> }

/**
 * A route screen whose code downloads the first time it is shown (Suspense shows the fallback
 * meanwhile). Once loaded it renders at once; `preload` fetches it ahead of time. Every render calls
 * `use` on the same download, as React asks of code that suspended once. A download that fails (a rollout removed
 * this build's chunk) reloads the page once, the loading state staying meanwhile; failing again, it stays failed.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined
  let pending: Promise<void> | undefined
  const preload = (): Promise<void> =>
    (pending ??= (() => {
      const download: Promise<void> = chunkReload.load(load).then(
        (component) => {
          Loaded = component
          // Marked fulfilled as React marks the promises it has seen: `use` then reads it at once, without suspending.
          void Object.assign(download, { status: "fulfilled", value: undefined })
        },
        (error: unknown) => {
          // Kept failed, marked as React marks it, so `use` throws at once and the route's error state shows: a new
          // download on every render would suspend again and never settle. The error state's "Try again" reloads.
          void Object.assign(download, { status: "rejected", reason: error })
          throw error
        },
      )
      return download
    })())
  function Page(props: P) {
    use(preload())
    const Component = Loaded!
    return <Component {...props} />
  }
  return Object.assign(Page, { preload })
}
