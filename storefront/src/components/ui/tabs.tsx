import type { KeyboardEvent, ReactNode } from "react"

export type TabItem<Id extends string> = { id: Id; label: string }

/** Arrow keys, Home and End move between tabs, as the ARIA tabs pattern expects. */
function nextTabIndex(key: string, current: number, count: number): number | null {
  if (key === "ArrowRight") return (current + 1) % count
  if (key === "ArrowLeft") return (current - 1 + count) % count
  if (key === "Home") return 0
  if (key === "End") return count - 1
  return null
}

type TabsProps<Id extends string> = {
  /** Names the ids: each tab `${idPrefix}-tab-${id}`, the panel (`TabPanel` with the same prefix) `${idPrefix}-panel`. */
  idPrefix: string
  tabs: readonly TabItem<Id>[]
  selected: Id
  onSelect: (id: Id) => void
  /** The tab list's name, or the id of the element that names it. */
  label?: string
  labelledBy?: string
  /** The tab list's classes (tabs.css), "tabs" unless given others. */
  className?: string
}

/** A tab list (styles in tabs.css): the selected tab is the one in the Tab order; the arrow keys, Home and End move between them. */
export function Tabs<Id extends string>({ idPrefix, tabs, selected, onSelect, label, labelledBy, className = "tabs" }: TabsProps<Id>) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const current = tabs.findIndex((tab) => tab.id === selected)
    const tab = tabs[nextTabIndex(event.key, current, tabs.length) ?? -1]
    if (!tab) return
    event.preventDefault()
    onSelect(tab.id)
    document.getElementById(`${idPrefix}-tab-${tab.id}`)?.focus()
  }

  return (
    <div className={className} role="tablist" aria-label={label} aria-labelledby={labelledBy}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.id}`}
          className="tabs__tab"
          aria-selected={tab.id === selected}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => {
            onSelect(tab.id)
          }}
          onKeyDown={onKeyDown}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}

type TabPanelProps = {
  /** The prefix its `Tabs` was given. */
  idPrefix: string
  /** The selected tab's id, which names the panel. */
  selected: string
  className?: string
  children: ReactNode
}

/** The selected tab's panel, named by its tab. */
export function TabPanel({ idPrefix, selected, className, children }: TabPanelProps) {
  return (
    <div id={`${idPrefix}-panel`} role="tabpanel" aria-labelledby={`${idPrefix}-tab-${selected}`} className={className}>
      {children}
    </div>
  )
}
