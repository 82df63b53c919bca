import { render } from "@testing-library/react"
import { MemoryRouter, Route, Routes } from "react-router-dom"
import { App } from "../App"

/** Renders the whole console at `path` for a signed-in staff member. */
export function renderConsoleAt(path: string) {
  localStorage.setItem("accessToken", "token-1")
  localStorage.setItem("me", JSON.stringify({ id: "usr_01", name: "Asha Rao", role: "admin" }))
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  )
}
