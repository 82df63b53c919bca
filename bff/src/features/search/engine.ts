import type { ListProductsQuery, SearchFacets, SearchShelf, SearchSort, Size } from "@fitshop/contracts"

/** A word of the query and its alternatives ("kurta", "kurti"); a garment's also name its shelf (the service's filters read it). */
export type SearchTermGroup = { alternatives: readonly string[]; shelf: SearchShelf | null }

/** What every product found must be: the listing's filters, a size in stock, a price in paise (both bounds included). */
export type SearchFilters = Partial<Omit<ListProductsQuery, "sort" | "limit" | "offset" | "active">> & {
  size?: Size
  minPaise?: number
  maxPaise?: number
}

export type EngineSearch = {
  /** Each must be found (in any field, or by its shelf); none: every product the filters allow. */
  groups: readonly SearchTermGroup[]
  filters: SearchFilters
  /** The shelf the words named: its products rank first among equals. */
  boost: SearchShelf
  sort: SearchSort
  limit: number
  offset: number
  /** Whether to count the facets (a first page's answer carries them; the pages after need only products). */
  facets: boolean
}

export type EngineHits = {
  /** The page's listing documents, a JSON array's text as sent. */
  productsJson: string
  total: number
  facets: SearchFacets
}

export type EngineSuggest = {
  /** The words typed before the last; the last one (`prefix`) is still being typed. */
  groups: readonly SearchTermGroup[]
  prefix: string | null
  filters: SearchFilters
  limit: number
  /** Whether to count the colours the matches come in (for "hoodie in black": only once a word is whole). */
  colours: boolean
}

export type SuggestedProduct = { id: string; title: string; imageUrl: string | null; price: number }

export type EngineSuggestions = {
  products: SuggestedProduct[]
  /** The colours the matching products come in, most first. */
  colours: { colorName: string; count: number }[]
}

/**
 * Where search looks: the BFF's read model in PostgreSQL today (postgres-engine.ts). A dedicated engine (Meilisearch,
 * OpenSearch) takes over by answering these three with the same meaning; the query's reading, the fallbacks and the
 * log stay in service.ts.
 */
export type SearchEngine = {
  search(query: EngineSearch): Promise<EngineHits>
  suggest(query: EngineSuggest): Promise<EngineSuggestions>
  /** The words of the catalogue's titles (4 letters or more), which typos are corrected to and never away from. */
  knownWords(): Promise<string[]>
}
