import { useId, type ReactNode } from "react"
import { Link, useLocation, useSearchParams } from "react-router-dom"
import { ProductGrid, ProductGridSkeleton, SORT_OPTIONS } from "@/features/catalog"
import { errorMessage } from "@/lib/api-client"
import { useDocumentMeta } from "@/lib/document-meta"
import {
  SEARCH_SORTS,
  SEARCH_TEXT_MAX,
  SEARCH_TEXT_MESSAGES,
  searchFirstRead,
  searchMeta,
  type ListedProduct,
  type SearchAnswer,
  type SearchSort,
} from "@fitshop/contracts"
import { useInfiniteSearch, type SearchReadParams } from "../api/get-search"
import { SearchFacets } from "../components/search-facets"
import { SearchField } from "../components/search-field"
import { toggledFacet } from "../utils/search-filters"

const LOAD_FAILED_TEXT = "Failed to load products"

const SEARCH_SORT_OPTIONS: readonly { value: SearchSort; label: string }[] = [{ value: "relevance", label: "Relevance" }, ...SORT_OPTIONS]

const isSearchSort = (value: string): value is SearchSort => (SEARCH_SORTS as readonly string[]).includes(value)

/** Pages can overlap when the catalogue changes between loads; each product is shown once. */
const uniqueProducts = (pages: SearchAnswer[]): ListedProduct[] => [
  ...new Map(pages.flatMap((page) => page.products).map((product) => [product.id, product])).values(),
]

const productCount = (total: number) => `${String(total)} ${total === 1 ? "product" : "products"}`

function SortSelect({ value, onChange }: { value: SearchSort; onChange: (sort: SearchSort) => void }) {
  const id = useId()
  return (
    <div className="search-sort">
      <label htmlFor={id} className="section-title">
        Sort
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => {
          if (isSearchSort(event.target.value)) onChange(event.target.value)
        }}
      >
        {SEARCH_SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function ProductRow({ title, products }: { title: string; products: ListedProduct[] }) {
  const headingId = useId()
  return (
    <section className="search-row" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {title}
      </h2>
      <ProductGrid products={products} />
    </section>
  )
}

function SearchLayout({ q, children }: { q: string; children: ReactNode }) {
  return (
    <div className="page page--search">
      <SearchField q={q} />
      {children}
    </div>
  )
}

/** The results of a valid query: the answer the page came with or asks for, its facets and sort in the address. */
function SearchResults({ params }: { params: SearchReadParams }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const search = useInfiniteSearch(params)
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = search
  const first = data?.pages[0]
  const q = params.q ?? ""
  useDocumentMeta(searchMeta(q, first?.total ?? 0))

  if (!first) {
    return (
      <SearchLayout q={q}>
        <h1 className="page-title">{`Results for “${q}”`}</h1>
        {search.isError ? (
          <p className="inline-error" role="alert">
            {errorMessage(search.error, LOAD_FAILED_TEXT)}
          </p>
        ) : (
          <ProductGridSkeleton />
        )}
      </SearchLayout>
    )
  }

  const products = uniqueProducts(data.pages)
  const sort = isSearchSort(params.sort ?? "") ? (params.sort as SearchSort) : "relevance"
  return (
    <SearchLayout q={q}>
      <header className="search-head">
        <h1 className="page-title">{`Results for “${q}”`}</h1>
        <p className="search-head__total">{productCount(first.total)}</p>
        {first.correctedQuery ? <p className="search-head__corrected">{`Showing results for “${first.correctedQuery}”`}</p> : null}
        {first.fallback ? <p className="search-head__fallback">{first.fallback.message}</p> : null}
      </header>
      {first.suggestions.length > 0 ? (
        <nav aria-label="Related searches">
          <ul className="chips search-suggestions">
            {first.suggestions.map((suggestion) => (
              <li key={suggestion.path}>
                <Link to={suggestion.path} className="chip">
                  {suggestion.text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="search-body">
        <SearchFacets
          q={q}
          facets={first.facets}
          selected={params}
          onToggle={(facet, value) => {
            setSearchParams(toggledFacet(searchParams, facet, value))
          }}
        />
        <section className="search-results" aria-label="Products">
          <SortSelect
            value={sort}
            onChange={(next) => {
              const changed = new URLSearchParams(searchParams)
              if (next === "relevance") changed.delete("sort")
              else changed.set("sort", next)
              setSearchParams(changed)
            }}
          />
          {products.length > 0 ? <ProductGrid products={products} /> : null}
          {search.isFetchNextPageError ? (
            <p className="inline-error" role="alert">
              {LOAD_FAILED_TEXT}
            </p>
          ) : null}
          {hasNextPage ? (
            <div className="search-results__more">
              <button
                type="button"
                className="button"
                disabled={isFetchingNextPage}
                aria-busy={isFetchingNextPage || undefined}
                onClick={() => {
                  void fetchNextPage()
                }}
              >
                Show more
              </button>
            </div>
          ) : null}
        </section>
      </div>
      {first.fallback && first.trending.length > 0 ? <ProductRow title="Trending now" products={first.trending} /> : null}
    </SearchLayout>
  )
}

/** /search?q=: what the shop found for the words, rendered on the server like the shop; too short a query asks for more. */
export function SearchPage() {
  const location = useLocation()
  const read = searchFirstRead(new URLSearchParams(location.search))
  if (!read) return <TooShortQuery />
  return <SearchResults params={read.params} />
}

/** No request for an address without a query to search: the field, and what it takes. */
function TooShortQuery() {
  const q = new URLSearchParams(useLocation().search).get("q")?.trim() ?? ""
  // Named as the BFF names an address it does not search: "Search", kept out of indexes.
  useDocumentMeta(searchMeta("", 0))
  return (
    <SearchLayout q={q}>
      <h1 className="page-title">Search</h1>
      <p className="empty-state">{q.length > SEARCH_TEXT_MAX ? SEARCH_TEXT_MESSAGES.tooLong : SEARCH_TEXT_MESSAGES.tooShort}</p>
    </SearchLayout>
  )
}
