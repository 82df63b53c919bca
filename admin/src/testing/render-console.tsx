import type { AuthSession } from "@fitshop/contracts"
import { render } from "@testing-library/react"
import type { ReactElement } from "react"
import { AdminContext } from "react-admin"
import { MemoryRouter, Route, Routes } from "react-router-dom"
import { App } from "../App"
import { dataProvider } from "../data-provider"
import { saveSession } from "../lib/session"

/** A member of staff's session, as staff sign-in leaves it. */
export const STAFF_SESSION: AuthSession = {
  accessToken: "token-1",
  user: { id: "usr_01", name: "Asha Rao", email: "asha@fitshop.test", handle: "asha.rao", avatarUrl: null, phone: null, role: "admin" },
}

/** Renders the whole console at `path`, for a signed-in member of staff unless given another session or none (`null`). */
export function renderConsoleAt(path: string, session: AuthSession | null = STAFF_SESSION) {
  if (session) saveSession(session.accessToken, session.user)
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  )
}

/** Renders one screen of the console on its own, with the console's data provider (and a fresh query cache) around it. */
export function renderWithDataProvider(ui: ReactElement) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider}>{ui}</AdminContext>
    </MemoryRouter>,
  )
}
