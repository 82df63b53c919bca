import FlagIcon from "@mui/icons-material/Flag"
import { ReportedPostList } from "./ReportedPostList"

/** FITFEED review: the posts reports took out of the feed. */
export default { list: ReportedPostList, icon: FlagIcon, options: { label: "Reported posts" } }
