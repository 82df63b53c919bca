import { StrictMode, startTransition } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./app/app"
import "./styles/index.css"

const container = document.getElementById("root")
if (!container) throw new Error("Missing #root element in index.html")

const root = createRoot(container)
// As a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread for one long task: the page answers input sooner on slow phones (Lighthouse's blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
