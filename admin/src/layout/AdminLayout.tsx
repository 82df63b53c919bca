import { Layout, type LayoutProps } from "react-admin"
import { AdminAppBar } from "./AdminAppBar"
import { AdminMenu } from "./AdminMenu"

export function AdminLayout(props: LayoutProps) {
  return <Layout {...props} appBar={AdminAppBar} menu={AdminMenu} />
}
