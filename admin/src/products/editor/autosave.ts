import { useEffect, useRef } from "react"
import { EMPTY_FORM, editorForm, type EditorForm } from "./form-state"

/** Local-storage key of the new-product draft (spec section 9). */
export const DRAFT_KEY = "de_admin_draft"
export const AUTOSAVE_INTERVAL_MS = 1500

/** Uploads still running can't be resumed after a reload, so their previews are never kept. */
const withoutPendingUploads = (form: EditorForm): EditorForm => ({ ...form, media: form.media.filter((item) => !item.uploading) })

/** The autosaved new-product form, or null when there is none or it is not a form this editor wrote. */
export function readDraft(): EditorForm | null {
  const stored = localStorage.getItem(DRAFT_KEY)
  if (!stored) return null
  try {
    const parsed = editorForm.safeParse(JSON.parse(stored))
    return parsed.success ? withoutPendingUploads(parsed.data) : null
  } catch {
    return null
  }
}

export function writeDraft(form: EditorForm): void {
  localStorage.setItem(DRAFT_KEY, JSON.stringify(withoutPendingUploads(form)))
}

export function clearDraft(): void {
  localStorage.removeItem(DRAFT_KEY)
}

const isBlank = (form: EditorForm) => JSON.stringify(form) === JSON.stringify(EMPTY_FORM)

/** Saves the new-product form every 1.5 s while `enabled`; a blank form (e.g. just after a create) is not saved. */
export function useAutosave(form: EditorForm, enabled: boolean): void {
  const latest = useRef(form)
  useEffect(() => {
    latest.current = form
  }, [form])
  useEffect(() => {
    if (!enabled) return
    const timer = setInterval(() => {
      if (!isBlank(latest.current)) writeDraft(latest.current)
    }, AUTOSAVE_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [enabled])
}
