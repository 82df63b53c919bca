import ManageSearchIcon from "@mui/icons-material/ManageSearch"
import { SearchQueriesPage } from "./SearchQueriesPage"

/** What shoppers search for: the top searches and those that found nothing. */
export default { list: SearchQueriesPage, icon: ManageSearchIcon, options: { label: "Search" } }
