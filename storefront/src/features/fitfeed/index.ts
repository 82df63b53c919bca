/** FITFEED's public face: what other features may use of it (a profile shows posts as the feed does). */
export { CommentsModal } from "./components/comments-modal"
export { PostCard } from "./components/post-card"
export { usePhotoUpload } from "./hooks/use-photo-upload"
export { PHOTO_ACCEPT, PHOTO_HINT } from "./utils/photo-rules"
