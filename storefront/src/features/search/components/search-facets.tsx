import { useId } from "react"
import { Link } from "react-router-dom"
import { SEARCH_FACETS, searchPath, type SearchFacet, type SearchFacets as Facets } from "@fitshop/contracts"
import { FACET_TITLES, facetValueLabel, orderedFacetValues } from "../utils/search-filters"

type FacetGroupProps = {
  facet: SearchFacet
  values: Facets[SearchFacet]
  selected: string | null
  onToggle: (facet: SearchFacet, value: string) => void
}

function FacetGroup({ facet, values, selected, onToggle }: FacetGroupProps) {
  const headingId = useId()
  return (
    <fieldset className="search-facet" aria-labelledby={headingId}>
      <legend id={headingId} className="section-title">
        {FACET_TITLES[facet]}
      </legend>
      <ul className="search-facet__values">
        {orderedFacetValues(facet, values).map(({ value, count }) => (
          <li key={value}>
            <label className="search-facet__value">
              <input
                type="checkbox"
                checked={selected === value}
                onChange={() => {
                  onToggle(facet, value)
                }}
              />
              <span>{facetValueLabel(facet, value)}</span>
              <span className="search-facet__count">{count}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

type SearchFacetsProps = {
  q: string
  facets: Facets
  /** The facets' values the address filters by. */
  selected: Partial<Record<SearchFacet, string>>
  onToggle: (facet: SearchFacet, value: string) => void
}

/** Each facet's values with their counts, ticked when the address filters by them; the chosen ones listed above to remove. */
export function SearchFacets({ q, facets, selected, onToggle }: SearchFacetsProps) {
  const chosen = SEARCH_FACETS.flatMap((facet) => {
    const value = selected[facet]
    return value ? [{ facet, value }] : []
  })
  return (
    <aside className="search-facets" aria-label="Filters">
      {chosen.length > 0 ? (
        <div className="search-facets__chosen">
          <ul className="chips">
            {chosen.map(({ facet, value }) => (
              <li key={facet}>
                <button
                  type="button"
                  className="chip search-facets__remove"
                  aria-label={`Remove ${facetValueLabel(facet, value)}`}
                  onClick={() => {
                    onToggle(facet, value)
                  }}
                >
                  {facetValueLabel(facet, value)} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <Link to={searchPath(q)} className="search-facets__clear">
            Clear filters
          </Link>
        </div>
      ) : null}
      {SEARCH_FACETS.map((facet) =>
        facets[facet].length > 0 || selected[facet] ? (
          <FacetGroup key={facet} facet={facet} values={facets[facet]} selected={selected[facet] ?? null} onToggle={onToggle} />
        ) : null,
      )}
    </aside>
  )
}
