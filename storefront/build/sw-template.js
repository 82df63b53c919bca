/* global self, caches */
// The storefront's service worker, written to dist/sw.js by storefront/build/service-worker.ts with BUILD filled in.
// Pages always come from the network (the offline page stands in when there is none); hashed assets, the offline
// page's files and recently seen product images are kept. The API, the bag, checkout, the account and the console
// are never touched, so nothing of theirs can be served stale.

const BUILD = { version: "dev", precache: [] }

const SHELL = `fitshop-shell-${BUILD.version}`
const MEDIA = "fitshop-media"
const MEDIA_LIMIT = 60
const OFFLINE_PAGE = "/offline.html"

/** Pages left to the browser alone, offline included: data, the bag, checkout, the account and sign-in, the console. */
const PASS_THROUGH = /^\/(?:api|media|emulator|admin|cart|payments|account|login|forgot-password|reset-password)(?:\/|$)/
const CONSOLE = /^\/admin(?:\/|$)/

self.addEventListener("install", (event) => {
  // no-cache: a file the HTTP cache still holds from an older build is checked with the server first.
  const requests = BUILD.precache.map((url) => new Request(url, { cache: "no-cache" }))
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(requests))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => names.filter((name) => name.startsWith("fitshop-") && name !== SHELL && name !== MEDIA))
      .then((old) => Promise.all(old.map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener("fetch", (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (request.method !== "GET" || url.origin !== self.location.origin) return
  if (request.mode === "navigate") {
    if (!PASS_THROUGH.test(url.pathname)) event.respondWith(fetch(request).catch(offlinePage))
    return
  }
  if (fromConsole(request)) return
  if (url.pathname.startsWith("/assets/") || BUILD.precache.includes(url.pathname)) {
    event.respondWith(cacheFirst(event, SHELL))
  } else if (url.pathname.startsWith("/media/") && request.destination === "image") {
    event.respondWith(cacheFirst(event, MEDIA, MEDIA_LIMIT))
  }
})

/** A request the console's pages make (their referrer is under /admin): the console is a separate app. */
function fromConsole(request) {
  try {
    return CONSOLE.test(new URL(request.referrer).pathname)
  } catch {
    return false // no referrer
  }
}

async function offlinePage() {
  return (await caches.match(OFFLINE_PAGE, { cacheName: SHELL })) ?? Response.error()
}

/** Answers from the cache, else from the network, keeping a whole answer (never a range or an error). */
async function cacheFirst(event, cacheName, limit) {
  const cache = await caches.open(cacheName)
  const cached = await cache.match(event.request)
  if (cached) return cached
  const response = await fetch(event.request)
  if (response.status === 200) event.waitUntil(keep(cache, event.request, response.clone(), limit))
  return response
}

/** Stores an answer; with a limit, forgets the entries stored longest ago beyond it (keys come in insertion order). */
async function keep(cache, request, response, limit) {
  await cache.put(request, response)
  if (!limit) return
  const keys = await cache.keys()
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)))
}
