import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react"
import { createPortal } from "react-dom"

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  '[tabindex]:not([tabindex="-1"])',
].join(",")

const focusableIn = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)]

type DialogProps = {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  /** Extra class for the panel, e.g. a side panel or bottom sheet placement. */
  className?: string
  /** Shows a 'Close' button in the header; dialogs with their own dismiss button leave it out. */
  closeButton?: boolean
  /** Receives focus on open; otherwise the first focusable element does. */
  initialFocus?: RefObject<HTMLElement | null>
  /** id of the element that describes the dialog. */
  describedBy?: string
}

/**
 * A modal dialog: role="dialog" with aria-modal, titled by its heading, focus moved in and kept
 * inside, Escape and a click on the backdrop close it, and focus returns to where it was.
 */
export function Dialog({ open, onClose, title, children, className, closeButton = false, initialFocus, describedBy }: DialogProps) {
  const titleId = useId()
  const panelRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const panel = panelRef.current
    if (!open || !panel) return
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null
    ;(initialFocus?.current ?? focusableIn(panel)[0] ?? panel).focus()
    const { overflow } = document.body.style
    document.body.style.overflow = "hidden"
    return () => {
      document.body.style.overflow = overflow
      if (previouslyFocused?.isConnected) previouslyFocused.focus()
    }
  }, [open, initialFocus])

  if (!open) return null

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== "Tab" || !panelRef.current) return
    const focusable = focusableIn(panelRef.current)
    const first = focusable[0]
    const last = focusable.at(-1)
    if (!first || !last) {
      event.preventDefault()
      return
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    // The backdrop takes the panel's keys as they bubble (Escape, the Tab trap) and a click outside it;
    // it is presentation only, the panel is the dialog.
    <div
      role="presentation"
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={className ? `dialog ${className}` : "dialog"}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {closeButton ? (
            <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
              <span aria-hidden="true">✕</span>
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  )
}
