import type { ReactNode } from "react"
import { SegmentedControl } from "@/components/ui/segmented-control"
import { CATEGORY_TYPES, GENDERS, STYLE_GROUPS, SUBCATEGORIES } from "@fitshop/contracts"
import { selectCategoryType, selectGender, selectStyleGroup, selectSubcategory, type ShopQuery } from "../utils/shop-query"

/** Each value labelled as itself: the catalogue's words are its buttons' names. */
const asOptions = <Value extends string>(values: readonly Value[]) => values.map((value) => ({ value, label: value }))

function describeSelection(query: ShopQuery): string {
  const parts = [query.gender === "MEN" ? "Men" : "Women"]
  if (query.type) parts.push(query.type === "UPPERS" ? "Uppers" : "Lowers")
  if (query.sub) parts.push(query.sub)
  if (query.styleGroup) parts.push(query.styleGroup === "WESTERN" ? "Western" : "Traditions")
  return parts.join(" · ")
}

type ShopHeaderProps = {
  query: ShopQuery
  onChange: (query: ShopQuery) => void
  /** Controls shown at the end of the header, such as the filter button. */
  actions?: ReactNode
}

/** Sticky catalogue header: gender toggle, then the men's type switch and chips or the women's style switch. */
export function ShopHeader({ query, onChange, actions }: ShopHeaderProps) {
  const { type } = query

  return (
    <header className="shop-header">
      <div className="shop-header__top">
        <div>
          <h1 className="page-title">Shop</h1>
          <p className="shop-header__selection">{describeSelection(query)}</p>
        </div>
        <SegmentedControl
          label="Gender"
          options={asOptions(GENDERS)}
          value={query.gender}
          onChange={(gender) => {
            onChange(selectGender(gender))
          }}
        />
      </div>

      {query.gender === "MEN" ? (
        <div className="shop-header__row">
          <SegmentedControl
            label="Category type"
            options={asOptions(CATEGORY_TYPES)}
            value={type}
            onChange={(categoryType) => {
              onChange(selectCategoryType(categoryType))
            }}
          />
          {type ? (
            <SegmentedControl
              label="Subcategory"
              className="chips"
              optionClassName="chip"
              options={asOptions(SUBCATEGORIES[type])}
              value={query.sub}
              onChange={(sub) => {
                onChange(selectSubcategory(type, sub))
              }}
            />
          ) : null}
          {actions ? <div className="shop-header__actions">{actions}</div> : null}
        </div>
      ) : (
        <div className="shop-header__row">
          <SegmentedControl
            label="Style"
            options={asOptions(STYLE_GROUPS)}
            value={query.styleGroup}
            onChange={(styleGroup) => {
              onChange(selectStyleGroup(styleGroup))
            }}
          />
          {actions ? <div className="shop-header__actions">{actions}</div> : null}
        </div>
      )}
    </header>
  )
}
