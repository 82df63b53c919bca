import AddIcon from "@mui/icons-material/Add"
import LogoutIcon from "@mui/icons-material/Logout"
import type { CSSProperties } from "react"
import { AppBar, Button, LinkBase, LoadingIndicator, useBasename, useLogout } from "react-admin"

const labelStyle: CSSProperties = { flex: 1, fontSize: "1.125rem", fontWeight: 600, letterSpacing: "0.04em" }

/** The spec's admin header: the "Admin" label, a shortcut to a new product, and Logout. */
export function AdminAppBar() {
  const basename = useBasename()
  const logout = useLogout()
  return (
    <AppBar userMenu={false} toolbar={<LoadingIndicator />}>
      <span style={labelStyle}>Admin</span>
      <Button component={LinkBase} label="New Product" to={`${basename}/products/new`} color="inherit">
        <AddIcon />
      </Button>
      <Button label="Logout" onClick={() => void logout()} color="inherit">
        <LogoutIcon />
      </Button>
    </AppBar>
  )
}
