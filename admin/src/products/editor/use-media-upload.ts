import { useCallback, type Dispatch } from "react"
import { uploadFile } from "../../lib/upload"
import type { EditorAction, MediaForm } from "./form-state"

type MediaKind = MediaForm["kind"]

const UPLOADS = {
  image: { path: "/api/uploads/image", field: "image", failure: "Image upload failed" },
  video: { path: "/api/uploads/video", field: "video", failure: "Video upload failed" },
} as const

let uploads = 0
/** A key for a new media item, unique across reloads too (a restored draft keeps its items' keys). */
function newMediaKey(): string {
  uploads += 1
  return `upload-${Date.now().toString(36)}-${String(uploads)}`
}

/**
 * Adds chosen files at once with a local preview, uploads each with progress, then puts the uploaded
 * url in place of the preview; a failed upload removes its item and says so (spec section 4: media upload).
 */
export function useMediaUpload(dispatch: Dispatch<EditorAction>, onFailure: (message: string) => void) {
  return useCallback(
    (kind: MediaKind, files: File[]) => {
      const upload = UPLOADS[kind]
      const items = files.map((file) => {
        const item: MediaForm = { key: newMediaKey(), kind, url: URL.createObjectURL(file), altText: "", isPrimary: false, uploading: true, progress: 0 }
        return { item, file }
      })
      dispatch({ type: "addMedia", items: items.map(({ item }) => item) })
      for (const { item, file } of items) {
        uploadFile(upload.path, upload.field, file, (progress) => dispatch({ type: "mediaProgress", key: item.key, progress }))
          .then((url) => dispatch({ type: "mediaUploaded", key: item.key, url }))
          .catch(() => {
            dispatch({ type: "removeMedia", key: item.key })
            onFailure(upload.failure)
          })
          .finally(() => URL.revokeObjectURL(item.url))
      }
    },
    [dispatch, onFailure],
  )
}
