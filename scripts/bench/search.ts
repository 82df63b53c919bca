import { SEARCH_API_PATH, SEARCH_SUGGEST_PATH, searchQuerySchema, type SearchAnswer, type SearchSuggestAnswer } from "@fitshop/contracts"
import autocannon from "autocannon"
import pg from "pg"
import { noCatalogCache } from "../../bff/src/features/catalog/cache.js"
import type { SearchEngine } from "../../bff/src/features/search/engine.js"
import { memorySearchEngine } from "../../bff/src/features/search/memory-engine.js"
import { postgresSearchEngine } from "../../bff/src/features/search/postgres-engine.js"
import { createSearchService } from "../../bff/src/features/search/service.js"
import type { Db } from "../../bff/src/lib/db.js"
import { FILTERED_LISTINGS, type Alongside, type CacheOffStack } from "./catalog.js"
import type { QueryPlan, Statement } from "./fitfeed.js"
import { CONNECTIONS, loadOf } from "./load.js"
import { observed, type Watched } from "./observe.js"
import { getJson, halves, namedPlan, type QuietLoad } from "./halves.js"
import { waitForQuietCpu } from "./quiet.js"
import { QUIET_SHARE, QUIET_TIMEOUT_MS } from "./request-metrics.js"
import { BENCH_PREFIXES, BENCH_SEARCHES, type BenchSearch } from "./search-queries.js"

/** Issue 46's targets: search keeps ≥ 0.5× the catalogue's cache-off listing's throughput (same run); suggest p99 < 50 ms. */
export const SEARCH_THROUGHPUT_TARGET = 0.5
export const SUGGEST_P99_TARGET_MS = 50

/** A measurement, with how busy the machine was over the second before its warm-up (above QUIET_SHARE: the wait was given up). */
export type SearchLoad = QuietLoad
/** The cache-off listing and a search on one BFF or the other, in halves in the order listing, search, search, listing. */
export type SearchPair = { listing: SearchLoad; search: SearchLoad }
/** What one query found on the cache-off BFF, as the report lists it. */
export type SearchFound = { path: string; total: number; corrected: string | null; fallback: string | null; bytes: number }

export type SearchBench = {
  /** The catalogue's cache-off listing, measured on the same BFF right before the search's figures. */
  reference: SearchLoad
  /** Cache off: every answer and the catalogue's word list computed on every request. */
  uncached: SearchPair
  /** The cached BFF with every query unseen (never answered from the cache) while the word list is cached: production's case. */
  unseen: SearchPair
  warm: SearchLoad
  suggest: { uncached: SearchLoad; unseen: SearchLoad; warm: SearchLoad }
  found: SearchFound[]
  /** Suggestions per prefix (on the cache-off BFF), in BENCH_PREFIXES' order. */
  suggested: number[]
  /** The catalogue's word list: how many words, and one computation's time on the idle database (median of 5). */
  knownWords: { count: number; ms: number }
  /** The memory engine's index of the bench database: what it holds, and one build's time (read and index; the median of 3). */
  index: { products: number; lexemes: number; places: number; buildMs: number }
  /** The memory engine's statements (the page with the generation; the generation alone), then the PostgreSQL engine's. */
  plans: QueryPlan[]
}

const log = (line: string) => process.stdout.write(`bench: ${line}\n`)

const searchPath = ({ q, params }: BenchSearch, unseen = "") => `${SEARCH_API_PATH}?${new URLSearchParams({ q: q + unseen, ...params })}`
const suggestPath = (prefix: string, unseen = "") => `${SEARCH_SUGGEST_PATH}?${new URLSearchParams({ q: prefix + unseen })}`

/**
 * Zero-width non-joiners and joiners spelling `n + 1` in binary: what a query reads as is unchanged (search reads them
 * away, as it must for Devanagari typed with them), but the text, and so the cache's key, is one no request asked before.
 */
const MARKS = ["\u200c", "\u200d"] as const
const unseenMark = (n: number) => [...(n + 1).toString(2)].map((bit) => MARKS[Number(bit)]).join("")
let asked = 0

/** A rotation of paths, or of paths never asked before (each request its own mark): what autocannon sends, in turn. */
type Rotation = { paths: string[] } | { unseen: (mark: string, at: number) => string; count: number }

function requestsOf(rotation: Rotation): autocannon.Request[] {
  if ("paths" in rotation) return rotation.paths.map((path) => ({ method: "GET", path }))
  return [
    {
      method: "GET",
      setupRequest: (request) => {
        const n = asked++
        return { ...request, path: rotation.unseen(unseenMark(n), n % rotation.count) }
      },
    },
  ]
}

async function drive(origin: string, rotation: Rotation, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url: origin, connections: CONNECTIONS, duration: seconds, requests: requestsOf(rotation) })
}

/**
 * Fails the bench unless each query finds what it should on both BFFs (products, or its fallback) and its unseen form
 * (a mark added) answers the same: otherwise the unseen figures would measure other work.
 */
async function checkSearches(stack: CacheOffStack): Promise<SearchFound[]> {
  const found: SearchFound[] = []
  for (const search of BENCH_SEARCHES) {
    const path = searchPath(search)
    const { body, bytes } = await getJson<SearchAnswer>(`${stack.origin}${path}`)
    const fallback = body.fallback?.kind ?? null
    if (fallback !== (search.expect ?? null) || (!search.expect && (body.total === 0 || body.products.length === 0)))
      throw new Error(`${path} found ${body.total} products (fallback ${fallback}), not what the bench expects of it`)
    for (const other of [`${stack.cached.origin}${path}`, `${stack.cached.origin}${searchPath(search, unseenMark(asked++))}`]) {
      const { body: again } = await getJson<SearchAnswer>(other)
      const ids = (answer: SearchAnswer) => answer.products.map((product) => product.id).join()
      if (again.total !== body.total || ids(again) !== ids(body) || (again.fallback?.kind ?? null) !== fallback)
        throw new Error(`${other} answered otherwise than ${stack.origin}${path}`)
    }
    found.push({ path, total: body.total, corrected: body.correctedQuery, fallback, bytes })
  }
  return found
}

/** Fails the bench unless each prefix is completed, alike on both BFFs and in its unseen form; answers how many suggestions each got. */
async function checkPrefixes(stack: CacheOffStack): Promise<number[]> {
  const counts: number[] = []
  const products = (answer: SearchSuggestAnswer) =>
    answer.suggestions
      .filter((suggestion) => suggestion.kind !== "query")
      .map((suggestion) => suggestion.path)
      .join()
  for (const prefix of BENCH_PREFIXES) {
    const { body } = await getJson<SearchSuggestAnswer>(`${stack.origin}${suggestPath(prefix)}`)
    if (!body.suggestions.length) throw new Error(`${suggestPath(prefix)} suggested nothing; the bench would measure an empty answer`)
    for (const other of [`${stack.cached.origin}${suggestPath(prefix)}`, `${stack.cached.origin}${suggestPath(prefix, unseenMark(asked++))}`]) {
      const { body: again } = await getJson<SearchSuggestAnswer>(other)
      if (again.suggestions.length !== body.suggestions.length || products(again) !== products(body))
        throw new Error(`${other} suggested otherwise than ${stack.origin}${suggestPath(prefix)}`)
    }
    counts.push(body.suggestions.length)
  }
  return counts
}

// ---- The word list and query plans --------------------------------------------------------------------

type Engine = (db: Db) => SearchEngine

/** Runs the BFF's search service on the bench database (no cache), recording each statement it sends with its real parameters. */
async function recorded(client: pg.Client, engine: Engine, run: (service: ReturnType<typeof createSearchService>) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = []
  const recorder = {
    query: (config: string | pg.QueryConfig, values: unknown[] = []) => {
      const statement = typeof config === "string" ? { text: config, values } : { text: config.text, values: config.values ?? [] }
      statements.push(statement)
      return client.query(statement.text, statement.values)
    },
  }
  const service = createSearchService({
    engine: engine(recorder as unknown as Db),
    catalog: { listProducts: () => Promise.reject(new Error("the planned queries find products; no fallback listing")) },
    cache: noCatalogCache,
    log: { record: () => undefined, queries: () => Promise.reject(new Error("unused")), flush: async () => undefined },
  })
  await run(service)
  return statements
}

/** The median of three runs' times, in ms. */
async function medianMs(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 3; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[1]!
}

async function searchPlans(databaseUrl: string): Promise<Pick<SearchBench, "plans" | "knownWords" | "index">> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const kalaHoodie = (service: ReturnType<typeof createSearchService>) => service.search(searchQuerySchema.parse({ q: "kala hoodie" }))
    const [words, first] = await recorded(client, postgresSearchEngine, kalaHoodie)
    const [, filtered] = await recorded(client, postgresSearchEngine, (service) =>
      service.search(searchQuerySchema.parse({ q: "tee", gender: "MEN", fabric: "Cotton", sort: "popular" })),
    )
    const [, suggested] = await recorded(client, postgresSearchEngine, (service) => service.suggest("kala h"))
    // A fresh memory engine: its generation, its build's read, then the page with the generation.
    const memoryStatements = await recorded(client, memorySearchEngine, kalaHoodie)
    const [generation, build, page] = memoryStatements.slice(1)
    const times: number[] = []
    let count = 0
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      count = (await client.query(words!.text, words!.values)).rowCount ?? 0
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    let engine = memorySearchEngine(client as unknown as Db)
    const buildMs = await medianMs(async () => {
      engine = memorySearchEngine(client as unknown as Db)
      await engine.suggest({ groups: [], prefix: "ka", filters: {}, limit: 8, colours: false })
    })
    return {
      knownWords: { count, ms: times[2]! },
      index: { ...engine.indexStats()!, buildMs },
      plans: [
        await namedPlan(
          client,
          "The catalogue's word list (`knownWords`: read once per catalogue version when cached, on every search and suggestion cache off)",
          words!,
        ),
        await namedPlan(client, "Memory engine, every search: the page's listing documents by id, with the catalogue's generation", page!),
        await namedPlan(client, "Memory engine, every suggestion: the catalogue's generation", generation!),
        await namedPlan(client, "Memory engine, a rebuild: every product's words and attributes", build!),
        await namedPlan(
          client,
          "PostgreSQL engine, search `kala hoodie` (black, the hoodie group ranked by field; page, total and facets in one statement)",
          first!,
        ),
        await namedPlan(client, "PostgreSQL engine, search `tee` with `gender=MEN&fabric=Cotton&sort=popular`", filtered!),
        await namedPlan(client, "PostgreSQL engine, suggest `kala h` (black, `h` a prefix)", suggested!),
      ],
    }
  } finally {
    await client.end()
  }
}

// ---- The benchmark -----------------------------------------------------------------------------------

/**
 * The search benchmark, beside the catalogue: right after the catalogue's cache-off listing, search (BENCH_SEARCHES in
 * rotation) against that listing in halves, on the cache-off BFF and on the cached one with every query unseen; search
 * with cached answers; suggestions (BENCH_PREFIXES) cache off, unseen and cached; the word list's time and the plans.
 */
export const benchSearch: Alongside<SearchBench> = async (stack) => {
  log("checking the bench's searches and prefixes on both BFFs…")
  const found = await checkSearches(stack)
  const suggested = await checkPrefixes(stack)
  const cachedWatch: Watched = { bffPid: stack.cached.pid, medusaPid: stack.medusaPid, databaseUrl: stack.databaseUrl }
  const searches: Rotation = { paths: BENCH_SEARCHES.map((search) => searchPath(search)) }
  const unseenSearches: Rotation = { unseen: (mark, at) => searchPath(BENCH_SEARCHES[at]!, mark), count: BENCH_SEARCHES.length }
  const prefixes: Rotation = { paths: BENCH_PREFIXES.map((prefix) => suggestPath(prefix)) }
  const unseenPrefixes: Rotation = { unseen: (mark, at) => suggestPath(BENCH_PREFIXES[at]!, mark), count: BENCH_PREFIXES.length }
  const listings: Rotation = { paths: FILTERED_LISTINGS }

  /** One target once the machine is quiet and the target warm (3 s), with the CPU and PostgreSQL's waits watched. */
  const measure = async (label: string, origin: string, rotation: Rotation, watched: Watched, seconds = stack.seconds): Promise<SearchLoad> => {
    const quietShare = await waitForQuietCpu({ busyShare: QUIET_SHARE, timeoutMs: QUIET_TIMEOUT_MS })
    await drive(origin, rotation, 3)
    const load = await observed(watched, async () => loadOf(label, await drive(origin, rotation, seconds)))
    log(`${load.label}: ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors + load.non2xx} errors`)
    return { ...load, quietShare }
  }
  const listingLabel = "BFF filtered listings, response cache off"
  /** The listing, the search, the search, the listing: each half of the run's seconds. */
  const pair = async (label: string, origin: string, rotation: Rotation, watched: Watched): Promise<SearchPair> => {
    const half = Math.max(1, Math.round(stack.seconds / 2))
    const first = await measure(listingLabel, stack.origin, listings, stack, half)
    const second = await measure(label, origin, rotation, watched, half)
    const third = await measure(label, origin, rotation, watched, half)
    const fourth = await measure(listingLabel, stack.origin, listings, stack, half)
    return { listing: halves(first, fourth), search: halves(second, third) }
  }
  const what = `${BENCH_SEARCHES.length} queries`

  return async (reference) => {
    const referenceLoad = await observed(stack, reference)
    log(`measuring search with autocannon, ${stack.seconds} s a target…`)
    const uncached = await pair(`\`GET /api/search\`, ${what}, cache off`, stack.origin, searches, stack)
    // The cached answers first: past a minute's budget of stored answers (STORED_PER_MINUTE), which the unseen queries
    // spend in seconds, a new answer is sent without being stored.
    const warm = await measure(`\`GET /api/search\`, ${what}, cache warm`, stack.cached.origin, searches, cachedWatch)
    const prefixesLabel = `\`GET /api/search/suggest\`, ${BENCH_PREFIXES.length} prefixes`
    const suggestWarm = await measure(`${prefixesLabel}, cache warm`, stack.cached.origin, prefixes, cachedWatch)
    const suggestUncached = await measure(`${prefixesLabel}, cache off`, stack.origin, prefixes, stack)
    const unseen = await pair(`\`GET /api/search\`, ${what}, cache on, each query unseen`, stack.cached.origin, unseenSearches, cachedWatch)
    const suggestUnseen = await measure(`${prefixesLabel}, cache on, each prefix unseen`, stack.cached.origin, unseenPrefixes, cachedWatch)
    const suggest = { uncached: suggestUncached, unseen: suggestUnseen, warm: suggestWarm }
    log("explaining the search's queries…")
    const { plans, knownWords, index } = await searchPlans(stack.databaseUrl)
    return { reference: referenceLoad, uncached, unseen, warm, suggest, found, suggested, knownWords, index, plans }
  }
}
