import { Admin, Resource } from "react-admin"
import { Route } from "react-router-dom"
import { authProvider } from "./auth-provider"
import { StaffLoginPage } from "./StaffLoginPage"
import { Dashboard } from "./dashboard"
import { dataProvider } from "./data-provider"
import drafts from "./drafts"
import jobs from "./jobs"
import { AdminLayout } from "./layout/AdminLayout"
import products from "./products"
import reportedPosts from "./reported-posts"
import returns from "./returns"
import reviews from "./reviews"
import search from "./search"

/** The merchandisers' console; the caller mounts it at /admin/* inside a router. Paths are the spec's (section 2). */
export function App() {
  return (
    <Admin
      basename="/admin"
      title="Admin"
      authProvider={authProvider}
      dataProvider={dataProvider}
      layout={AdminLayout}
      dashboard={Dashboard}
      loginPage={StaffLoginPage}
      requireAuth
      disableTelemetry
    >
      <Resource name="products" list={products.list} icon={products.icon} recordRepresentation="title">
        <Route path="new" element={<products.create />} />
        <Route path=":id/edit" element={<products.edit />} />
        <Route path="drafts" element={<drafts.list />} />
      </Resource>
      <Resource name="reported-posts" {...reportedPosts} />
      <Resource name="jobs" {...jobs} />
      <Resource name="returns" {...returns} />
      <Resource name="reviews" {...reviews} />
      <Resource name="search" {...search} />
    </Admin>
  )
}
