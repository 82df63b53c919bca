import { use, type ComponentType } from "react"

export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<void> }

/**
 * A route screen whose code downloads the first time it is shown (Suspense shows the fallback
 * meanwhile). Once loaded it renders at once; `preload` fetches it ahead of time.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined
  let pending: Promise<void> | undefined
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        Loaded = component
      },
      (error: unknown) => {
        // A failed download (offline) is retried the next time the screen is opened.
        pending = undefined
        throw error
      },
    ))
  function Page(props: P) {
    if (!Loaded) use(preload())
    const Component = Loaded!
    return <Component {...props} />
  }
  return Object.assign(Page, { preload })
}
