import { prepared, type Db } from "../../lib/db.js"
import type { EngineSearch, EngineSuggest, SearchEngine } from "./engine.js"
import { SearchIndex, type IndexedProduct, type ProductFigures } from "./memory-index.js"
import { catalogueWords } from "./postgres-engine.js"

/** How far the catalogue had changed (migration 047): products' words and attributes, and their figures alone. */
type Generation = { words: number; figures: number }
type GenerationRow = { words: string; figures: string }

/** A search whose page was read while the catalogue kept changing is answered from the index as it stands after this many tries. */
const SEARCH_TRIES = 3

const FIGURES = "p.id, p.base_price, p.in_stock, p.units_sold_30d, p.size_mask"
/** Every product with the generation it was read at: one statement, one snapshot (a row of nulls for an empty catalogue). */
const PRODUCTS_SQL = `select g.words::text, g.figures::text, p.title, p.image_url, p.gender, p.category_type, p.subcategory, p.style_group,
       p.genre, p.color_name, p.fabric, p.collar_style, p.sleeve_type, p.season_fit,
       (extract(epoch from p.created_at) * 1000000)::bigint::text as created_at, ${FIGURES},
       p.search_main::text, p.search_more::text
  from bff.search_generations g left join bff.catalog_products p on true`
const FIGURES_SQL = `select g.words::text, g.figures::text, ${FIGURES} from bff.search_generations g left join bff.catalog_products p on true`
const GENERATION_SQL = "select words::text, figures::text from bff.search_generations"
/** The page's listing documents in the order given, with the generation they were read at. */
const PAGE_SQL = `select g.words::text, g.figures::text,
       (select '[' || coalesce(string_agg(d.listing::text, ',' order by page.n), '') || ']'
          from unnest($1::text[]) with ordinality as page (id, n) join bff.catalog_documents d on d.id = page.id) as products
  from bff.search_generations g`

type FiguresRow = GenerationRow & { id: string | null; base_price: number; in_stock: boolean; units_sold_30d: number; size_mask: number }
type ProductRow = FiguresRow & {
  title: string
  image_url: string | null
  gender: string
  category_type: string | null
  subcategory: string | null
  style_group: string | null
  genre: string | null
  color_name: string | null
  fabric: string | null
  collar_style: string | null
  sleeve_type: string | null
  season_fit: string | null
  created_at: string
  search_main: string
  search_more: string
}

const generationOf = (row: GenerationRow): Generation => ({ words: Number(row.words), figures: Number(row.figures) })
const figuresOf = (row: FiguresRow): ProductFigures => ({
  id: row.id!,
  basePrice: row.base_price,
  inStock: row.in_stock,
  unitsSold: row.units_sold_30d,
  sizeMask: row.size_mask,
})
const indexedOf = (row: ProductRow): IndexedProduct => ({
  ...figuresOf(row),
  title: row.title,
  imageUrl: row.image_url,
  gender: row.gender,
  categoryType: row.category_type,
  subcategory: row.subcategory,
  styleGroup: row.style_group,
  genre: row.genre,
  colorName: row.color_name,
  fabric: row.fabric,
  collarStyle: row.collar_style,
  sleeveType: row.sleeve_type,
  seasonFit: row.season_fit,
  createdAt: Number(row.created_at),
  searchMain: row.search_main,
  searchMore: row.search_more,
})

/**
 * Search from an index each process holds (memory-index.ts), built from the read model and kept in step with it: each
 * search reads the catalogue's generation (migration 047) with its page's documents, and a change since the index was
 * built rebuilds it (words changed) or re-reads four figures a product (an order). One rebuild at a time; searches
 * arriving meanwhile wait for it. At 5,000 products a rebuild takes ~0.2 s and the postings hold ~1.5 MB (bench/report.md).
 */
export function memorySearchEngine(db: Pick<Db, "query">): SearchEngine & { indexStats(): ReturnType<SearchIndex["stats"]> | null } {
  let current: { index: SearchIndex; at: Generation } | null = null
  let refreshing: Promise<void> | null = null

  async function refresh(): Promise<void> {
    if (current) {
      const { rows } = await db.query<FiguresRow>(prepared(FIGURES_SQL, []))
      const at = generationOf(rows[0]!)
      if (at.words === current.at.words) {
        current.index.setFigures(rows.filter((row) => row.id !== null).map(figuresOf))
        current = { index: current.index, at }
        return
      }
    }
    const { rows } = await db.query<ProductRow>(prepared(PRODUCTS_SQL, []))
    current = { index: new SearchIndex(rows.filter((row) => row.id !== null).map(indexedOf)), at: generationOf(rows[0]!) }
  }

  /** The index at `wanted` or later (generations only grow). */
  async function indexAt(wanted: Generation): Promise<SearchIndex> {
    while (!current || current.at.words < wanted.words || current.at.figures < wanted.figures) {
      refreshing ??= refresh().finally(() => {
        refreshing = null
      })
      await refreshing
    }
    return current.index
  }

  async function generation(): Promise<Generation> {
    const { rows } = await db.query<GenerationRow>(prepared(GENERATION_SQL, []))
    return generationOf(rows[0]!)
  }

  const same = (a: Generation, b: Generation) => a.words === b.words && a.figures === b.figures

  return {
    /** Ranks from the index as it is, then reads the page with the generation: one round trip unless the catalogue moved. */
    async search(query: EngineSearch) {
      if (!current) await indexAt(await generation())
      for (let tries = 1; ; tries += 1) {
        // Ranked synchronously: the index is exactly at `ranked` while it ranks.
        const { index, at: ranked } = current!
        const hits = index.search(query)
        const { rows } = await db.query<GenerationRow & { products: string }>(prepared(PAGE_SQL, [hits.ids]))
        const at = generationOf(rows[0]!)
        if (same(ranked, at) || tries === SEARCH_TRIES) return { productsJson: rows[0]!.products, total: hits.total, facets: hits.facets }
        await indexAt(at)
      }
    },

    async suggest(query: EngineSuggest) {
      return (await indexAt(await generation())).suggest(query)
    },

    knownWords: () => catalogueWords(db),

    /** What the index holds now (null before the first search): the bench reports it. */
    indexStats: () => current?.index.stats() ?? null,
  }
}
