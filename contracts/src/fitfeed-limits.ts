/** FITFEED's text limits, apart from its schemas so the shop's screens can show them without loading zod. */
export const CAPTION_MAX = 500
export const COMMENT_MAX = 500
export const REPORT_REASON_MAX = 500
