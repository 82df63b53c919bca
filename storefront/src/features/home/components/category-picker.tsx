import { useState } from "react"
import { Link } from "react-router-dom"
import { TabPanel, Tabs } from "@/components/ui/tabs"
import type { CategoryType } from "@fitshop/contracts"
import { CATEGORY_TABS, categoryShopHref } from "../utils/categories"
import { CategoryTile } from "./category-tile"

/** The first row of tiles shows without scrolling on a phone: their images load first, never lazily. */
const ABOVE_THE_FOLD_TILES = 2

export function CategoryPicker() {
  const [selected, setSelected] = useState<CategoryType>("UPPERS")
  const tab = CATEGORY_TABS.find((candidate) => candidate.id === selected)

  return (
    <section className="home-section" aria-labelledby="category-heading">
      <div className="home-section__head">
        <h2 id="category-heading" className="home-visually-hidden">
          Shop by category
        </h2>
        <Tabs
          idPrefix="category"
          tabs={CATEGORY_TABS}
          selected={selected}
          labelledBy="category-heading"
          className="tabs home-category-picker__tabs"
          onSelect={setSelected}
        />
      </div>
      <TabPanel idPrefix="category" selected={selected} className="home-category-picker__panel">
        {tab ? (
          <>
            <ul className="home-category-picker__tiles">
              {tab.subcategories.map((subcategory, position) => (
                <li key={subcategory}>
                  <CategoryTile type={tab.id} subcategory={subcategory} aboveTheFold={position < ABOVE_THE_FOLD_TILES} />
                </li>
              ))}
            </ul>
            <Link to={categoryShopHref(tab.id)} className="text-link home-category-picker__all">
              Browse all
            </Link>
          </>
        ) : null}
      </TabPanel>
    </section>
  )
}
