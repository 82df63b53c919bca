import AssignmentReturnIcon from "@mui/icons-material/AssignmentReturn"
import { ReturnsList } from "./ReturnsList"

/** Returns and size exchanges, for staff to follow; read-only (the courier's scans and the warehouse move them on). */
export default { list: ReturnsList, icon: AssignmentReturnIcon, options: { label: "Returns" } }
