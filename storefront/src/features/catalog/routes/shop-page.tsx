import { useCallback, useEffect, useId, useRef, useState } from "react"
import { useLocation, useNavigate, useSearchParams } from "react-router-dom"
import { useOnVisible } from "@/hooks/use-on-visible"
import { useDocumentMeta } from "@/lib/document-meta"
import { shopMeta, type ListedProduct } from "@fitshop/contracts"
import { useInfiniteProducts } from "../api/get-products"
import { FilterPanel } from "../components/filter-panel"
import { ProductGrid, ProductGridSkeleton } from "../components/product-grid"
import { ShopHeader } from "../components/shop-header"
import { applyShopFilters, countActiveFilters, parseShopFilters, type ShopFilters } from "../utils/shop-filters"
import {
  applyShopQuery,
  hasShopSelection,
  parseShopQuery,
  shopSectionOf,
  shopQueryFromNavigationState,
  toProductListParams,
  type ShopQuery,
} from "../utils/shop-query"

const EMPTY_CATALOGUE_TEXT = "Nothing here yet. Try another subcategory or switch to Lowers/Uppers."

/** Pages can overlap when the catalogue changes between loads; each product is shown once. */
const uniqueProducts = (pages: { products: ListedProduct[] }[]): ListedProduct[] => {
  const seen = new Set<string>()
  return pages
    .flatMap((page) => page.products)
    .filter((product) => {
      if (seen.has(product.id)) return false
      seen.add(product.id)
      return true
    })
}

/** Moves a selection passed in navigation state (gender, initialType, initialSub) into the URL, once. */
function useSelectionFromNavigationState(searchParams: URLSearchParams) {
  const location = useLocation()
  const navigate = useNavigate()
  const fromState = hasShopSelection(searchParams) ? null : shopQueryFromNavigationState(location.state)

  useEffect(() => {
    if (!fromState) return
    const search = applyShopQuery(searchParams, fromState).toString()
    void navigate({ pathname: location.pathname, search: `?${search}` }, { replace: true, state: null })
  }, [fromState, searchParams, location.pathname, navigate])

  return fromState
}

/**
 * The URL's search params, and a setter whose updates build on each other: react-router hands a function
 * update the params of the last render, so two changes made before the page re-renders (a filter, then the
 * sort) would each start from the same params and the second would drop the first.
 */
function useStackedSearchParams() {
  const [searchParams, setSearchParams] = useSearchParams()
  const latest = useRef(searchParams)
  useEffect(() => {
    latest.current = searchParams
  }, [searchParams])
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => {
      latest.current = change(latest.current)
      setSearchParams(latest.current)
    },
    [setSearchParams],
  )
  return [searchParams, update] as const
}

export function ShopPage() {
  const [searchParams, setSearchParams] = useStackedSearchParams()
  const fromState = useSelectionFromNavigationState(searchParams)
  const query = fromState ?? parseShopQuery(searchParams)
  useDocumentMeta(shopMeta(shopSectionOf(query)))
  const filters = parseShopFilters(searchParams)
  const productsQuery = useInfiniteProducts(toProductListParams(query, filters))
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = productsQuery
  const [filtersOpen, setFiltersOpen] = useState(false)
  const activeFilterCount = countActiveFilters(filters)
  const filterCountId = useId()
  const sentinelRef = useRef<HTMLDivElement>(null)

  const loadMore = useCallback(() => {
    void fetchNextPage()
  }, [fetchNextPage])
  useOnVisible(sentinelRef, loadMore, { enabled: hasNextPage && !isFetchingNextPage && !productsQuery.isError })

  const changeQuery = (next: ShopQuery) => {
    setSearchParams((current) => applyShopQuery(current, next))
  }
  const changeFilters = (change: Partial<ShopFilters>) => {
    setSearchParams((current) => applyShopFilters(current, { ...parseShopFilters(current), ...change }))
  }

  const products = productsQuery.data ? uniqueProducts(productsQuery.data.pages) : []

  return (
    <div className="page page--shop">
      <ShopHeader
        query={query}
        onChange={changeQuery}
        actions={
          <button
            type="button"
            className="button shop-filter-button"
            aria-haspopup="dialog"
            aria-expanded={filtersOpen}
            aria-describedby={activeFilterCount > 0 ? filterCountId : undefined}
            onClick={() => {
              setFiltersOpen(true)
            }}
          >
            Filters
            {activeFilterCount > 0 ? (
              <span className="shop-filter-button__count" aria-hidden="true">
                {activeFilterCount}
              </span>
            ) : null}
          </button>
        }
      />
      {activeFilterCount > 0 ? (
        <span id={filterCountId} hidden>
          {`${String(activeFilterCount)} chosen`}
        </span>
      ) : null}
      <FilterPanel
        open={filtersOpen}
        onClose={() => {
          setFiltersOpen(false)
        }}
        filters={filters}
        onChange={changeFilters}
      />
      <section className="shop-results" aria-label="Products">
        {productsQuery.isPending ? (
          <ProductGridSkeleton />
        ) : productsQuery.isError && products.length === 0 ? (
          <p className="inline-error" role="alert">
            Failed to load products
          </p>
        ) : products.length === 0 ? (
          <p className="empty-state">{EMPTY_CATALOGUE_TEXT}</p>
        ) : (
          <>
            <ProductGrid products={products} />
            {productsQuery.isFetchNextPageError ? (
              <p className="inline-error" role="alert">
                Failed to load products
              </p>
            ) : null}
            <div ref={sentinelRef} className="shop-results__sentinel" aria-hidden="true" />
            {hasNextPage ? (
              <div className="shop-results__more">
                <button type="button" className="button" disabled={isFetchingNextPage} aria-busy={isFetchingNextPage || undefined} onClick={loadMore}>
                  Load more
                </button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </div>
  )
}
