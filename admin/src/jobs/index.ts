import SyncProblemIcon from "@mui/icons-material/SyncProblem"
import { FailedJobList } from "./FailedJobList"

/** Background jobs that ran out of attempts or time, for staff to retry. */
export default { list: FailedJobList, icon: SyncProblemIcon, options: { label: "Failed jobs" } }
