import CheckroomIcon from "@mui/icons-material/Checkroom"
import EditNoteIcon from "@mui/icons-material/EditNote"
import FlagIcon from "@mui/icons-material/Flag"
import { Menu, useBasename } from "react-admin"

/** The spec's side navigation (Dashboard, Products, Drafts) plus the FITFEED review. */
export function AdminMenu() {
  const basename = useBasename()
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Dashboard" />
      <Menu.Item to={`${basename}/products`} primaryText="Products" leftIcon={<CheckroomIcon />} />
      <Menu.Item to={`${basename}/products/drafts`} primaryText="Drafts" leftIcon={<EditNoteIcon />} />
      <Menu.Item to={`${basename}/reported-posts`} primaryText="Reported posts" leftIcon={<FlagIcon />} />
    </Menu>
  )
}
