import { use, type ComponentType } from "react"

export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<void> }

/** A promise marked fulfilled as React marks the ones it has seen, so `use` reads it at once, without suspending. */
type Settled = Promise<void> & { status?: "fulfilled"; value?: undefined }

/**
 * A route screen whose code downloads the first time it is shown (Suspense shows the fallback
 * meanwhile). Once loaded it renders at once; `preload` fetches it ahead of time. Every render calls
 * `use` on the same download, as React asks of code that suspended once.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined
  let pending: Settled | undefined
  const preload = (): Settled =>
    (pending ??= (() => {
      const download: Settled = load().then(
        (component) => {
          Loaded = component
          download.status = "fulfilled"
        },
        (error: unknown) => {
          // A failed download (offline) is retried the next time the screen is opened.
          pending = undefined
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
