import { use, type ComponentType } from "react"

export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<void> }

/**
 * A route screen whose code downloads the first time it is shown (Suspense shows the fallback
 * meanwhile). Once loaded it renders at once; `preload` fetches it ahead of time. Every render calls
 * `use` on the same download, as React asks of code that suspended once.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined
  let pending: Promise<void> | undefined
  const preload = (): Promise<void> =>
    (pending ??= (() => {
      const download: Promise<void> = load().then(
        (component) => {
          Loaded = component
          // Marked fulfilled as React marks the promises it has seen: `use` then reads it at once, without suspending.
          void Object.assign(download, { status: "fulfilled", value: undefined })
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
