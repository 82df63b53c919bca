import { StrictMode, startTransition } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { App } from "./app/app"
import { registerServiceWorker } from "./lib/service-worker"
import "./styles/index.css"

const container = document.getElementById("root")
if (!container) throw new Error("Missing #root element in index.html")

const app = (
  <StrictMode>
    <App />
  </StrictMode>
)

// Home, shop, product pages and the 404 page come rendered by the server (entry-server.tsx): the browser takes
// them over as they are. The rest come empty and are rendered here.
if (container.firstElementChild) {
  hydrateRoot(container, app)
} else {
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the
  // main thread for one long task: the page answers input sooner on slow phones (Lighthouse's blocking time).
  startTransition(() => {
    createRoot(container).render(app)
  })
}

registerServiceWorker()
