import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { render, screen } from "@testing-library/react"
import type { ReactElement } from "react"
import { MemoryRouter, useLocation, type InitialEntry } from "react-router-dom"
import { AppRoutes } from "@/app/router"
import { SessionProvider } from "@/lib/auth"
import { mockSessionApi, type FetchHandler } from "./mock-fetch"
import { buildSession, storeSession } from "./user-factory"

const createTestQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } })

/** Renders the router's current path and query, so tests can see where a redirect went. */
function LocationProbe() {
  const location = useLocation()
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  )
}

/** Renders `ui` inside the app's providers, with an in-memory router starting at `route` (a path, or a location with state). */
export function renderWithProviders(
  ui: ReactElement,
  { route = "/", queryClient = createTestQueryClient() }: { route?: InitialEntry; queryClient?: QueryClient } = {},
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  )
}

/** Renders the whole route map at `route`, as a visitor opening that address would see it. */
export const renderApp = (route: InitialEntry, options: { queryClient?: QueryClient } = {}) => renderWithProviders(<AppRoutes />, { route, ...options })

/**
 * Renders the whole route map at `route` for a signed-in shopper, with a session stored as a previous visit left it;
 * `handler` answers the calls other than the session's. Returns the fetch mock.
 */
export function renderAppSignedIn(route: InitialEntry, handler?: FetchHandler) {
  const session = buildSession()
  storeSession(session)
  const fetchMock = mockSessionApi(session, handler)
  renderApp(route)
  return fetchMock
}

/** The in-memory router's current path and query. */
export const currentLocation = () => screen.getByTestId("location").textContent
