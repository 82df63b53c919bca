import {
  SEARCH_FACETS,
  listedProductSchema,
  searchAnswerSchema,
  searchSuggestAnswerSchema,
  type ListedProduct,
  type Product,
  type SearchAnswer,
  type SearchSuggestAnswer,
  type SearchSuggestion,
} from "@fitshop/contracts"
import { buildProduct } from "@/testing/product-factory"

/** A product as a listing (and search) answers it: the listing's fields only, checked by its schema. */
export function buildListedProduct(overrides: Partial<Product> = {}): ListedProduct {
  const product = buildProduct(overrides)
  const listed = Object.fromEntries(Object.keys(listedProductSchema.shape).map((key) => [key, product[key as keyof Product]]))
  return listedProductSchema.parse(listed)
}

const noFacets = () => Object.fromEntries(SEARCH_FACETS.map((facet) => [facet, []])) as unknown as SearchAnswer["facets"]

/** A `GET /api/search` answer, checked by the contracts' schema as the BFF's is. */
export function buildSearchAnswer(overrides: Partial<SearchAnswer> = {}): SearchAnswer {
  const products = overrides.products ?? [buildListedProduct()]
  return searchAnswerSchema.parse({
    query: "hoodie",
    products,
    total: products.length,
    facets: noFacets(),
    correctedQuery: null,
    suggestions: [],
    fallback: null,
    trending: [],
    nextCursor: null,
    ...overrides,
    ...(overrides.facets ? { facets: { ...noFacets(), ...overrides.facets } } : {}),
  })
}

/** A suggestion as `GET /api/search/suggest` answers it. */
export const buildSuggestion = (overrides: Partial<SearchSuggestion> & Pick<SearchSuggestion, "text" | "path">): SearchSuggestion => ({
  kind: "query",
  imageUrl: null,
  price: null,
  ...overrides,
})

export const suggestAnswer = (suggestions: SearchSuggestion[]): SearchSuggestAnswer => searchSuggestAnswerSchema.parse({ suggestions })
