import { useState } from "react"
import { Link } from "react-router-dom"
import { TabPanel, Tabs } from "@/components/ui/tabs"
import type { CategoryType } from "@fitshop/contracts"
import { ABOVE_THE_FOLD_TILES, CATEGORY_TABS, categoryShopHref, OPENING_CATEGORY } from "../utils/categories"
import { CategoryTile } from "./category-tile"

export function CategoryPicker() {
  const [selected, setSelected] = useState<CategoryType>(OPENING_CATEGORY)
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
