import { Admin, LoginWithEmail, Resource } from "react-admin"
import { authProvider } from "./auth-provider"
import { Dashboard } from "./dashboard/Dashboard"
import { dataProvider } from "./data-provider"
import { AdminLayout } from "./layout/AdminLayout"

/** The merchandisers' console; the caller mounts it at /admin/* inside a router. */
export function App() {
  return (
    <Admin
      basename="/admin"
      title="Admin"
      authProvider={authProvider}
      dataProvider={dataProvider}
      layout={AdminLayout}
      dashboard={Dashboard}
      loginPage={LoginWithEmail}
      requireAuth
      disableTelemetry
    >
      <Resource name="products" recordRepresentation="title" />
    </Admin>
  )
}
