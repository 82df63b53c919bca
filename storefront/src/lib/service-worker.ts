/**
 * Registers the shop's service worker (built into dist/sw.js) once the page has loaded, so storing the app
 * shell never competes with the first page's own downloads. Built shops only: the dev server serves no sw.js.
 */
export function registerServiceWorker(): void {
  // The build's mode, not PROD: the journeys' stack builds with NODE_ENV=development, which turns PROD off.
  if (import.meta.env.MODE !== "production" || !("serviceWorker" in navigator)) return
  const register = () => {
    // The shop works the same without it (a private window, a browser that refuses): nothing to tell the person.
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined)
  }
  if (document.readyState === "complete") register()
  else window.addEventListener("load", register, { once: true })
}
