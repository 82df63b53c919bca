/* global document, window, requestAnimationFrame */
// Starts the storefront's app after the page the server rendered is on screen, written inline into index.html by
// storefront/build/paint-first.ts with APP filled in. On a phone's slow connection the page's text and first pictures
// then come before the app's ~100 KB of JavaScript instead of sharing the connection with it; the links work
// meanwhile, and the app takes the page over as soon as it arrives. A page the server sent empty (the bag, the
// account) starts the app at once: it paints nothing without it. So does a page opened in the background.
;(() => {
  const APP = { entry: "", preload: [] }
  /** Past this, the app starts whatever the page's paint and pictures are doing. */
  const LONGEST_WAIT_MS = 5000

  // The app marks it "ready" once its first render is on screen (src/main.tsx).
  document.documentElement.dataset.app = "starting"

  let started = false
  function start() {
    if (started) return
    started = true
    for (const href of APP.preload) {
      const link = document.createElement("link")
      link.rel = "modulepreload"
      link.crossOrigin = ""
      link.href = href
      document.head.append(link)
    }
    const script = document.createElement("script")
    script.type = "module"
    script.crossOrigin = ""
    script.src = APP.entry
    document.head.append(script)
  }

  const serverPainted = document.getElementById("root")?.firstElementChild
  const canSeePaint = window.PerformanceObserver?.supportedEntryTypes?.includes("paint")
  if (!serverPainted || !canSeePaint || document.visibilityState !== "visible") return start()

  // On screen once the first contentful paint is reported and the page's pictures have loaded, then two frames on
  // (the largest picture is painted in the frame after it's decoded).
  const afterTwoFrames = () => requestAnimationFrame(() => requestAnimationFrame(start))
  const painted = new Promise((resolve) => {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return
      observer.disconnect()
      resolve()
    }).observe({ type: "paint", buffered: true })
  })
  const loaded = new Promise((resolve) => {
    if (document.readyState === "complete") resolve()
    else window.addEventListener("load", resolve, { once: true })
  })
  void Promise.all([painted, loaded]).then(afterTwoFrames)
  document.addEventListener("visibilitychange", start, { once: true })
  setTimeout(start, LONGEST_WAIT_MS)
})()
