import AssignmentReturnIcon from "@mui/icons-material/AssignmentReturn"
import CheckroomIcon from "@mui/icons-material/Checkroom"
import EditNoteIcon from "@mui/icons-material/EditNote"
import FlagIcon from "@mui/icons-material/Flag"
import ManageSearchIcon from "@mui/icons-material/ManageSearch"
import RateReviewIcon from "@mui/icons-material/RateReview"
import SyncProblemIcon from "@mui/icons-material/SyncProblem"
import { Menu, useBasename } from "react-admin"

/** The spec's side navigation (Dashboard, Products, Drafts) plus the FITFEED review, the failed background jobs, returns, reviews and what shoppers search for. */
export function AdminMenu() {
  const basename = useBasename()
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Dashboard" />
      <Menu.Item to={`${basename}/products`} primaryText="Products" leftIcon={<CheckroomIcon />} />
      <Menu.Item to={`${basename}/products/drafts`} primaryText="Drafts" leftIcon={<EditNoteIcon />} />
      <Menu.Item to={`${basename}/reported-posts`} primaryText="Reported posts" leftIcon={<FlagIcon />} />
      <Menu.Item to={`${basename}/jobs`} primaryText="Failed jobs" leftIcon={<SyncProblemIcon />} />
      <Menu.Item to={`${basename}/returns`} primaryText="Returns" leftIcon={<AssignmentReturnIcon />} />
      <Menu.Item to={`${basename}/reviews`} primaryText="Reviews" leftIcon={<RateReviewIcon />} />
      <Menu.Item to={`${basename}/search`} primaryText="Search" leftIcon={<ManageSearchIcon />} />
    </Menu>
  )
}
