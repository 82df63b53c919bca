/* global document, window, Element */
// Keeps the taps a shopper makes before the app's JavaScript runs, written inline into index.html's head by
// storefront/build/paint-first.ts. A button marked data-tap="<name>" (a size, ADD TO BAG) shows at once that it took
// the tap (data-tapped: "chosen" for a toggle in a group, "busy" for an action) and its name is queued; the app,
// once hydrated and the session known, clicks the queued buttons again in order and calls stop()
// (src/lib/first-taps.ts). Until then every tap on a marked button is kept here and none reaches the app, so none
// runs twice; a second tap on a busy action is dropped.
;(() => {
  const queue = []
  const taps = { queue, replaying: false, stop: () => document.removeEventListener("click", keep, true) }
  function keep(event) {
    const button = event.target instanceof Element ? event.target.closest("[data-tap]") : null
    if (!button || taps.replaying) return
    event.stopPropagation()
    event.preventDefault()
    if (button.disabled || button.dataset.tapped === "busy") return
    const group = button.hasAttribute("aria-pressed") ? button.closest("[role=group]") : null
    if (group) for (const chosen of group.querySelectorAll("[data-tapped]")) delete chosen.dataset.tapped
    button.dataset.tapped = group ? "chosen" : "busy"
    queue.push(button.dataset.tap)
  }
  document.addEventListener("click", keep, true)
  window.firstTaps = taps
})()
