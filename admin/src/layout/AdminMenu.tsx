import CheckroomIcon from "@mui/icons-material/Checkroom"
import EditNoteIcon from "@mui/icons-material/EditNote"
import { Menu, useBasename } from "react-admin"

export function AdminMenu() {
  const basename = useBasename()
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Dashboard" />
      <Menu.Item to={`${basename}/products`} primaryText="Products" leftIcon={<CheckroomIcon />} />
      <Menu.Item to={`${basename}/products/drafts`} primaryText="Drafts" leftIcon={<EditNoteIcon />} />
    </Menu>
  )
}
