import { StrictMode, startTransition, useEffect, type ReactNode } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { chunkReload } from "@fitshop/web-client"
import { App } from "./app/app"
import { registerServiceWorker } from "./lib/service-worker"
import "./styles/index.css"

// A tab of the previous build asking for a chunk a rollout removed reloads once onto the new build.
chunkReload.listen(window)

const container = document.getElementById("root")
if (!container) throw new Error("Missing #root element in index.html")

/**
 * Marks the page `data-app="ready"` once the app's first render is on screen (index.html's loader marks it
 * "starting"): from then on its buttons answer. The journeys wait for it before they act, as a shopper would.
 */
function MarkReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.app = "ready"
  }, [])
  return children
}

const app = (
  <StrictMode>
    <MarkReady>
      <App />
    </MarkReady>
  </StrictMode>
)

// Home, shop, product pages and the 404 page come rendered by the server (entry-server.tsx): the browser takes
// them over as they are. The rest come empty and are rendered here. Either way the first render is a transition:
// it yields to the browser every few milliseconds instead of holding the main thread for one long task, so the
// page answers input sooner on slow phones (Lighthouse's blocking time).
startTransition(() => {
  if (container.firstElementChild) hydrateRoot(container, app)
  else createRoot(container).render(app)
})

registerServiceWorker()
