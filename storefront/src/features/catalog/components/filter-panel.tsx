import { useId } from "react"
import { Dialog } from "@/components/ui/dialog"
import { useMediaQuery } from "@/hooks/use-media-query"
import type { Sort } from "@fitshop/contracts"
import { FILTER_GROUPS, FILTER_KEYS, NO_FILTERS, SORT_OPTIONS, type FilterKey, type ShopFilters } from "../utils/shop-filters"

/** Spec section 9: the filter opens as a side panel from this width, as a bottom sheet below it. */
export const DESKTOP_QUERY = "(min-width: 1024px)"

const COLOUR_SWATCHES: Record<string, string> = {
  Black: "#000000",
  White: "#ffffff",
  Blue: "#2f5bd3",
  Grey: "#8a8a8f",
  Green: "#2f8f4e",
  Red: "#d33a3a",
}

const isSortValue = (value: string): value is Sort => SORT_OPTIONS.some((option) => option.value === value)

type FilterGroupProps<K extends FilterKey> = {
  filterKey: K
  value: ShopFilters[K]
  onChange: (value: NonNullable<ShopFilters[K]> | null) => void
}

/** One filter's options as toggle buttons: pressing the chosen one again clears the filter. */
function FilterGroup<K extends FilterKey>({ filterKey, value, onChange }: FilterGroupProps<K>) {
  const headingId = useId()
  const { title, options } = FILTER_GROUPS[filterKey]

  return (
    <fieldset className="filter-group" aria-labelledby={headingId}>
      <legend id={headingId} className="section-title">
        {title}
      </legend>
      <div className="filter-group__options">
        {options.map((option) => {
          const chosen = value === option.value
          return (
            <button
              key={option.value}
              type="button"
              className="chip filter-option"
              aria-pressed={chosen}
              onClick={() => {
                onChange(chosen ? null : option.value)
              }}
            >
              {filterKey === "colorName" ? (
                <span className="filter-option__swatch" style={{ backgroundColor: COLOUR_SWATCHES[option.value] }} aria-hidden="true" />
              ) : null}
              {option.label}
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}

/** Every filter off; the sort stays as chosen. */
const { sort: _keptSort, ...CLEARED_FILTERS } = NO_FILTERS

type FilterPanelProps = {
  open: boolean
  onClose: () => void
  filters: ShopFilters
  /**
   * What one control changed, never the whole set: the shop merges it with the URL as it is then, so two
   * quick changes (a filter, then the sort, before the page re-renders) both stay.
   */
  onChange: (change: Partial<ShopFilters>) => void
}

/** Sort and every filter; each change applies at once (and so reloads the list), 'Apply' just closes. */
export function FilterPanel({ open, onClose, filters, onChange }: FilterPanelProps) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  const sortId = useId()

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Filters"
      closeButton
      className={isDesktop ? "filter-panel filter-panel--side" : "filter-panel filter-panel--sheet"}
    >
      <div className="filter-panel__body">
        <div className="filter-group">
          <label htmlFor={sortId} className="section-title">
            Sort
          </label>
          <select
            id={sortId}
            className="field__input filter-panel__sort"
            value={filters.sort}
            onChange={(event) => {
              const { value } = event.target
              if (isSortValue(value)) onChange({ sort: value })
            }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {FILTER_KEYS.map((key) => (
          <FilterGroup
            key={key}
            filterKey={key}
            value={filters[key]}
            onChange={(value) => {
              onChange({ [key]: value })
            }}
          />
        ))}
      </div>
      <div className="filter-panel__footer">
        <button
          type="button"
          className="button"
          onClick={() => {
            onChange(CLEARED_FILTERS)
          }}
        >
          Clear all
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          Apply
        </button>
      </div>
    </Dialog>
  )
}
