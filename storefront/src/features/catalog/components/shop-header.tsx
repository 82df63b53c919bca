import type { ReactNode } from "react"
import { CATEGORY_TYPES, GENDERS, STYLE_GROUPS, SUBCATEGORIES } from "@fitshop/contracts"
import { selectCategoryType, selectGender, selectStyleGroup, selectSubcategory, type ShopQuery } from "../utils/shop-query"

type ToggleProps = {
  label: string
  pressed: boolean
  onPress: () => void
  variant: "segment" | "chip"
}

function Toggle({ label, pressed, onPress, variant }: ToggleProps) {
  return (
    <button type="button" className={variant === "chip" ? "chip" : "segment"} aria-pressed={pressed} onClick={onPress}>
      {label}
    </button>
  )
}

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
        <div className="segmented" role="group" aria-label="Gender">
          {GENDERS.map((gender) => (
            <Toggle
              key={gender}
              variant="segment"
              label={gender}
              pressed={query.gender === gender}
              onPress={() => {
                onChange(selectGender(gender))
              }}
            />
          ))}
        </div>
      </div>

      {query.gender === "MEN" ? (
        <div className="shop-header__row">
          <div className="segmented" role="group" aria-label="Category type">
            {CATEGORY_TYPES.map((categoryType) => (
              <Toggle
                key={categoryType}
                variant="segment"
                label={categoryType}
                pressed={type === categoryType}
                onPress={() => {
                  onChange(selectCategoryType(categoryType))
                }}
              />
            ))}
          </div>
          {type ? (
            <div className="chips" role="group" aria-label="Subcategory">
              {SUBCATEGORIES[type].map((sub) => (
                <Toggle
                  key={sub}
                  variant="chip"
                  label={sub}
                  pressed={query.sub === sub}
                  onPress={() => {
                    onChange(selectSubcategory(type, sub))
                  }}
                />
              ))}
            </div>
          ) : null}
          {actions ? <div className="shop-header__actions">{actions}</div> : null}
        </div>
      ) : (
        <div className="shop-header__row">
          <div className="segmented" role="group" aria-label="Style">
            {STYLE_GROUPS.map((styleGroup) => (
              <Toggle
                key={styleGroup}
                variant="segment"
                label={styleGroup}
                pressed={query.styleGroup === styleGroup}
                onPress={() => {
                  onChange(selectStyleGroup(styleGroup))
                }}
              />
            ))}
          </div>
          {actions ? <div className="shop-header__actions">{actions}</div> : null}
        </div>
      )}
    </header>
  )
}
