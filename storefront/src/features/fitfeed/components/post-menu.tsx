import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react"

type PostMenuItem = { label: string; onSelect: () => void }

/** The card's ⋯ menu: a button that opens a short list of actions; Escape or a click elsewhere closes it. */
export function PostMenu({ items }: { items: PostMenuItem[] }) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)

  useEffect(() => {
    if (!open) return
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return
      setOpen(false)
    }
    document.addEventListener("pointerdown", closeOutside)
    return () => {
      document.removeEventListener("pointerdown", closeOutside)
    }
  }, [open])

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    const index = entries.findIndex((entry) => entry === document.activeElement)
    if (event.key === "Escape") {
      event.stopPropagation()
      setOpen(false)
      triggerRef.current?.focus()
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault()
      const step = event.key === "ArrowDown" ? 1 : -1
      entries[(index + step + entries.length) % entries.length]?.focus()
    } else if (event.key === "Tab") {
      setOpen(false)
    }
  }

  return (
    <div className="post-menu" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className="post-menu__trigger"
        aria-label="More options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setOpen((value) => !value)
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <ul ref={listRef} id={menuId} role="menu" className="post-menu__list" aria-label="Post options" onKeyDown={onKeyDown}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                className="post-menu__item"
                onClick={() => {
                  setOpen(false)
                  item.onSelect()
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
