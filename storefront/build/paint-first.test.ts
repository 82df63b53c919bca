import { Script } from "node:vm"
import { describe, expect, it } from "vitest"
import { paintFirstHtml } from "./paint-first.js"

/** index.html as Vite writes it before the plugin: the entry script, a module preload and the stylesheet in the head. */
const BUILT = `<!doctype html>
<html lang="en-IN">
  <head>
    <title>Build Your Fit</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c3.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

const CSS = { "assets/index-c3.css": "body{margin:0}" } as Record<string, string>

/** The loader: the last inline script, at the end of the body. */
const LOADER_SCRIPT = /<script>((?:(?!<script>)[\s\S])*)<\/script>\n {2}<\/body>/

describe("paintFirstHtml", () => {
  it("puts the stylesheet inline and leaves the app's script to the loader at the end of the body", async () => {
    const html = await paintFirstHtml(BUILT, (file) => CSS[file])
    expect(html).toContain("<style>body{margin:0}</style>")
    expect(html).not.toMatch(/<link rel="(stylesheet|modulepreload)"|type="module"/)
    const loader = LOADER_SCRIPT.exec(html)?.[1]
    expect(loader).toContain('const APP = {"entry":"/assets/index-a1.js","preload":["/assets/vendor-b2.js"]}')
    expect(loader).not.toMatch(/^\s*\/\//m)
  })

  it("puts the tap queue at the end of the head, before anything is painted, without its comments or indentation", async () => {
    const html = await paintFirstHtml(BUILT, (file) => CSS[file])
    const head = /<head>([\s\S]*)<\/head>/.exec(html)![1]!
    const queue = /<script>([\s\S]*?)<\/script>\s*$/.exec(head)?.[1]
    expect(queue).toContain('document.addEventListener("click", keep, true)')
    expect(queue).toContain("window.firstTaps = taps")
    expect(queue).not.toMatch(/^\s*(\/\/|\/\*)|^\s+/m)
    expect(queue!.length).toBeLessThan(1000)
  })

  it("fails the build when index.html or the bundle is not as expected", async () => {
    await expect(paintFirstHtml(BUILT.replace(/<script[^>]*><\/script>/, ""), (file) => CSS[file])).rejects.toThrow(/no entry script/)
    await expect(paintFirstHtml(BUILT, () => undefined)).rejects.toThrow(/index-c3.css is not in the build/)
  })
})

type Appended = { tag: string; rel?: string; type?: string; src?: string; href?: string }

/** Runs the loader in a stand-in page: what it appends to the head, and the hooks a browser would call later. */
async function runLoader(page: { serverPainted: boolean; visibility?: "visible" | "hidden"; paintObservable?: boolean; loaded?: boolean }) {
  const html = await paintFirstHtml(BUILT, (file) => CSS[file])
  const source = LOADER_SCRIPT.exec(html)![1]!
  const appended: Appended[] = []
  const listeners: Record<string, () => void> = {}
  const frames: (() => void)[] = []
  const timers: { ms: number; run: () => void }[] = []
  let observer: ((entries: { getEntriesByName: (name: string) => unknown[] }, self: { disconnect: () => void }) => void) | undefined
  const element = (tag: string) => ({ tag }) as Appended
  const documentElement = { dataset: {} as Record<string, string> }
  const document = {
    documentElement,
    readyState: page.loaded ? "complete" : "interactive",
    visibilityState: page.visibility ?? "visible",
    getElementById: () => ({ firstElementChild: page.serverPainted ? {} : null }),
    createElement: element,
    head: { append: (node: Appended) => void appended.push({ ...node }) },
    addEventListener: (type: string, listener: () => void) => void (listeners[`document:${type}`] = listener),
  }
  class PerformanceObserver {
    static supportedEntryTypes = page.paintObservable === false ? [] : ["paint"]
    constructor(callback: NonNullable<typeof observer>) {
      observer = callback
    }
    observe() {}
  }
  const window = { PerformanceObserver, addEventListener: (type: string, listener: () => void) => void (listeners[`window:${type}`] = listener) }
  const context = {
    document,
    window,
    PerformanceObserver,
    requestAnimationFrame: (run: () => void) => void frames.push(run),
    setTimeout: (run: () => void, ms: number) => void timers.push({ run, ms }),
  }
  new Script(source).runInNewContext(context)
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  return {
    appended,
    mark: () => documentElement.dataset.app,
    paint: async () => {
      observer?.({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) }, { disconnect: () => {} })
      await settle()
    },
    load: async () => {
      listeners["window:load"]?.()
      await settle()
    },
    nextFrame: () => frames.shift()?.(),
    hide: () => listeners["document:visibilitychange"]?.(),
    timers,
  }
}

const APP_FILES: Appended[] = [
  { tag: "link", rel: "modulepreload", href: "/assets/vendor-b2.js", crossOrigin: "" } as Appended,
  { tag: "script", type: "module", src: "/assets/index-a1.js", crossOrigin: "" } as Appended,
]

describe("the app loader", () => {
  it("starts the app at once on a page the server sent empty: nothing would paint without it", async () => {
    const page = await runLoader({ serverPainted: false })
    expect(page.appended).toEqual(APP_FILES)
    expect(page.mark()).toBe("starting")
  })

  it("starts it on a painted page once the page has painted, its pictures loaded and two frames passed, once", async () => {
    const page = await runLoader({ serverPainted: true })
    await page.paint()
    expect(page.appended).toEqual([])
    await page.load()
    page.nextFrame()
    expect(page.appended).toEqual([])
    page.nextFrame()
    expect(page.appended).toEqual(APP_FILES)
    page.hide()
    page.timers.forEach((timer) => timer.run())
    expect(page.appended).toHaveLength(2)
  })

  it("does not wait for a paint it can't see or that a hidden page never makes, nor longer than 5 s", async () => {
    expect((await runLoader({ serverPainted: true, paintObservable: false })).appended).toEqual(APP_FILES)
    expect((await runLoader({ serverPainted: true, visibility: "hidden" })).appended).toEqual(APP_FILES)
    const hidden = await runLoader({ serverPainted: true })
    hidden.hide()
    expect(hidden.appended).toEqual(APP_FILES)
    const stuck = await runLoader({ serverPainted: true, loaded: true })
    expect(stuck.timers.map((timer) => timer.ms)).toEqual([5000])
    stuck.timers[0]!.run()
    expect(stuck.appended).toEqual(APP_FILES)
  })
})
