import { useRef, useState, type KeyboardEvent } from "react"
import { Link } from "react-router-dom"
import { CATEGORY_TABS, categoryShopHref } from "../utils/categories"
import { CategoryTile } from "./category-tile"

/** The first row of tiles shows without scrolling on a phone: their images load first, never lazily. */
const ABOVE_THE_FOLD_TILES = 2

const tabId = (index: number) => `category-tab-${String(index)}`
const panelId = (index: number) => `category-panel-${String(index)}`

/** Arrow keys, Home and End move between tabs, as the ARIA tabs pattern expects. */
function nextTabIndex(key: string, current: number, count: number): number | null {
  if (key === "ArrowRight") return (current + 1) % count
  if (key === "ArrowLeft") return (current - 1 + count) % count
  if (key === "Home") return 0
  if (key === "End") return count - 1
  return null
}

export function CategoryPicker() {
  const [selected, setSelected] = useState(0)
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextTabIndex(event.key, selected, CATEGORY_TABS.length)
    if (next === null) return
    event.preventDefault()
    setSelected(next)
    tabRefs.current[next]?.focus()
  }

  return (
    <section className="home-section" aria-labelledby="category-heading">
      <div className="home-section__head">
        <h2 id="category-heading" className="home-visually-hidden">
          Shop by category
        </h2>
        <div className="tabs home-category-picker__tabs" role="tablist" aria-labelledby="category-heading">
          {CATEGORY_TABS.map((tab, index) => (
            <button
              key={tab.type}
              ref={(element) => {
                tabRefs.current[index] = element
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              className="tabs__tab"
              aria-selected={index === selected}
              aria-controls={panelId(index)}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => {
                setSelected(index)
              }}
              onKeyDown={onTabKeyDown}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </div>
      {CATEGORY_TABS.map((tab, index) => (
        <div
          key={tab.type}
          role="tabpanel"
          id={panelId(index)}
          aria-labelledby={tabId(index)}
          hidden={index !== selected}
          className="home-category-picker__panel"
        >
          {index === selected ? (
            <>
              <ul className="home-category-picker__tiles">
                {tab.subcategories.map((subcategory, position) => (
                  <li key={subcategory}>
                    <CategoryTile type={tab.type} subcategory={subcategory} aboveTheFold={position < ABOVE_THE_FOLD_TILES} />
                  </li>
                ))}
              </ul>
              <Link to={categoryShopHref(tab.type)} className="text-link home-category-picker__all">
                Browse all
              </Link>
            </>
          ) : null}
        </div>
      ))}
    </section>
  )
}
