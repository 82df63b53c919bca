import RateReviewIcon from "@mui/icons-material/RateReview"
import { ReviewList } from "./ReviewList"

/** Product reviews: the reported and hidden ones, for staff to hide or restore. */
export default { list: ReviewList, icon: RateReviewIcon, options: { label: "Reviews" } }
