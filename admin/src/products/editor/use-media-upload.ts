import { useCallback, type Dispatch } from "react"
import { useDataProvider } from "react-admin"
import type { ConsoleDataProvider } from "../../data-provider"
import type { EditorAction, MediaForm } from "./form-state"

const FAILURES: Record<MediaForm["kind"], string> = { image: "Image upload failed", video: "Video upload failed" }

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
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  return useCallback(
    (kind: MediaForm["kind"], files: File[]) => {
      const items = files.map((file) => {
        const item: MediaForm = { key: newMediaKey(), kind, url: URL.createObjectURL(file), altText: "", isPrimary: false, uploading: true, progress: 0 }
        return { item, file }
      })
      dispatch({ type: "addMedia", items: items.map(({ item }) => item) })
      for (const { item, file } of items) {
        dataProvider
          .uploadProductMedia(kind, file, (progress) => dispatch({ type: "mediaProgress", key: item.key, progress }))
          .then(({ data }) => dispatch({ type: "mediaUploaded", key: item.key, url: data.url }))
          .catch(() => {
            dispatch({ type: "removeMedia", key: item.key })
            onFailure(FAILURES[kind])
          })
          .finally(() => URL.revokeObjectURL(item.url))
      }
    },
    [dataProvider, dispatch, onFailure],
  )
}
