import { useEffect, useRef, useState } from "react"
import { errorMessage } from "@/lib/api-client"
import type { UploadAnswer } from "@fitshop/contracts"
import { uploadImage } from "../api/upload-image"
import { photoProblem } from "../utils/photo-rules"

export type ChosenPhoto = {
  file: File
  /** A local preview of the picture, where the browser can make one. */
  previewUrl: string | null
  /** The share uploaded, 0 to 1. */
  progress: number
  /** The BFF's answer once the upload finished. */
  uploaded: UploadAnswer | null
}

const previewOf = (file: File) => (typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null)

const release = (previewUrl: string | null) => {
  if (previewUrl) URL.revokeObjectURL(previewUrl)
}

/**
 * The create-post photo: type and size are checked first, then it uploads at once with its progress;
 * choosing another photo or closing the dialog cancels an upload under way.
 */
export function usePhotoUpload() {
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null)
  const [error, setError] = useState<string | null>(null)
  const current = useRef<{ previewUrl: string | null; controller: AbortController | null }>({
    previewUrl: null,
    controller: null,
  })

  useEffect(() => {
    const state = current.current
    return () => {
      state.controller?.abort()
      release(state.previewUrl)
    }
  }, [])

  /** Changes the photo only while it is still `file`: answers for a replaced photo are dropped. */
  const update = (file: File, change: (photo: ChosenPhoto) => ChosenPhoto | null) => {
    setPhoto((value) => (value?.file === file ? change(value) : value))
  }

  const choose = (file: File) => {
    const problem = photoProblem(file)
    if (problem) {
      setError(problem)
      return
    }
    current.current.controller?.abort()
    release(current.current.previewUrl)
    const controller = new AbortController()
    const chosen: ChosenPhoto = { file, previewUrl: previewOf(file), progress: 0, uploaded: null }
    current.current = { previewUrl: chosen.previewUrl, controller }
    setPhoto(chosen)
    setError(null)
    uploadImage(file, {
      signal: controller.signal,
      onProgress: (progress) => {
        update(file, (value) => ({ ...value, progress }))
      },
    }).then(
      (uploaded) => {
        update(file, (value) => ({ ...value, progress: 1, uploaded }))
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return
        release(chosen.previewUrl)
        current.current.previewUrl = null
        update(file, () => null)
        setError(errorMessage(failure, "Could not upload image"))
      },
    )
  }

  return { photo, error, uploading: photo !== null && photo.uploaded === null, choose }
}
