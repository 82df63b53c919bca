// First: it configures zod before any module builds a schema.
import "./lib/zod-without-eval"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { chunkReload } from "@fitshop/web-client"
import { BrowserRouter, Navigate, Route, Routes } from "react-router-dom"
import { App } from "./App"

// A console tab of the previous build asking for a chunk a rollout removed reloads once onto the new build.
chunkReload.listen(window)

const container = document.getElementById("root")
if (!container) throw new Error("The page has no #root element.")

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<App />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
)
