/* global addEventListener, document, location */
// The service worker answers a failed navigation with this page at the address asked for, so reloading asks again.
// A connection that is back ("online", or online all along while the shop was unreachable) is checked with a
// small request first, so a network still waking up doesn't land the person back on this page.

const LONGEST_WAIT_MS = 30_000
let wait = 1_000

async function reloadWhenReachable() {
  try {
    await fetch(location.href, { method: "HEAD", cache: "no-store" })
    location.reload()
  } catch {
    if (navigator.onLine) setTimeout(reloadWhenReachable, wait)
    wait = Math.min(wait * 2, LONGEST_WAIT_MS)
  }
}

addEventListener("online", () => void reloadWhenReachable())
document.getElementById("try-again").addEventListener("click", () => location.reload())
// Opened at its own address, reloading would only show it again.
if (navigator.onLine && location.pathname !== "/offline.html") setTimeout(reloadWhenReachable, wait)
