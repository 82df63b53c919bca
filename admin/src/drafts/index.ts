import EditNoteIcon from "@mui/icons-material/EditNote"
import { DraftList } from "./DraftList"

/** Drafts are products with status DRAFT, listed at products/drafts (see App). */
export default { list: DraftList, icon: EditNoteIcon }
