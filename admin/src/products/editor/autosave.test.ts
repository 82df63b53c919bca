import { act, renderHook } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { clearDraft, DRAFT_KEY, readDraft, useAutosave, writeDraft } from "./autosave"
import { EMPTY_FORM } from "./form-state"

const typed = { ...EMPTY_FORM, title: "Boxy tee", price: "799" }

afterEach(() => {
  vi.useRealTimers()
})

describe("new-product autosave", () => {
  it("writes and reads back the form under de_admin_draft, without uploads still running", () => {
    const uploading = { key: "u", kind: "image" as const, url: "blob:x", altText: "", isPrimary: true, uploading: true, progress: 0.5 }
    writeDraft({ ...typed, media: [uploading] })
    expect(localStorage.getItem("de_admin_draft")).not.toBeNull()
    expect(readDraft()).toEqual(typed)
    clearDraft()
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
  })

  it("reads a draft saved before the returnable flag as returnable", () => {
    const { returnable: _returnable, ...older } = typed
    localStorage.setItem(DRAFT_KEY, JSON.stringify(older))
    expect(readDraft()).toEqual({ ...typed, returnable: true })
  })

  it("reads a draft saved before the declarations as undeclared, rather than dropping it", () => {
    const { countryOfOrigin: _country, manufacturer: _manufacturer, ...older } = { ...typed, countryOfOrigin: "India", manufacturer: "Loom Works" }
    localStorage.setItem(DRAFT_KEY, JSON.stringify(older))
    expect(readDraft()).toEqual({ ...typed, countryOfOrigin: "", manufacturer: "" })
  })

  it("ignores a stored value that is not an editor form", () => {
    localStorage.setItem(DRAFT_KEY, "{not json")
    expect(readDraft()).toBeNull()
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ title: 3 }))
    expect(readDraft()).toBeNull()
  })

  it("saves every 1.5 s while enabled, and never a blank form", () => {
    vi.useFakeTimers()
    const { rerender, unmount } = renderHook(({ form }) => useAutosave(form, true), { initialProps: { form: EMPTY_FORM } })
    act(() => {
      vi.advanceTimersByTime(1500)
    })
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
    rerender({ form: typed })
    act(() => {
      vi.advanceTimersByTime(1499)
    })
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(readDraft()).toEqual(typed)
    unmount()
  })

  it("saves nothing when disabled (an existing product)", () => {
    vi.useFakeTimers()
    renderHook(() => useAutosave(typed, false))
    act(() => {
      vi.advanceTimersByTime(5000)
    })
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
  })
})
