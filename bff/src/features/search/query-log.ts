import type { AdminSearchQueries, SearchedQuery } from "@fitshop/contracts"
import type { Db } from "../../lib/db.js"
import type { Logger } from "../../lib/logger.js"

/** How long a process gathers searches before adding them to bff.search_queries in one statement. */
export const QUERY_LOG_FLUSH_MS = 5_000
/** Distinct queries a process holds between two writes; more in a burst are not counted (a script's random words). */
export const QUERY_LOG_HELD = 5_000
/** Queries the console lists in each table. */
export const QUERIES_LISTED = 50

type Held = { searches: number; noResults: number; lastAt: Date }

/** A query as the console counts it: lower case, single spaces, trimmed, no control characters (PostgreSQL refuses a NUL). */
export const loggedQuery = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim()

/**
 * What shoppers search for (a first page each, not the pages after) and whether it found anything. Counted in the
 * process and added to the day's row in bff.search_queries every few seconds, so a search never waits on a write; a
 * process that dies loses its last few seconds of counts, which the console's figures can bear.
 */
export function searchQueryLog({ db, logger }: { db: Pick<Db, "query">; logger: Logger }) {
  let held = new Map<string, Held>()
  let timer: NodeJS.Timeout | null = null

  async function flush(): Promise<void> {
    timer = null
    if (!held.size) return
    const batch = held
    held = new Map()
    const entries = [...batch]
    try {
      await db.query(
        `insert into bff.search_queries as q (query, day, searches, no_results, last_at)
         select s.query, (s.last_at at time zone 'Asia/Kolkata')::date, s.searches, s.no_results, s.last_at
           from unnest($1::text[], $2::int[], $3::int[], $4::timestamptz[]) as s (query, searches, no_results, last_at)
         on conflict (day, query) do update set searches = q.searches + excluded.searches,
           no_results = q.no_results + excluded.no_results, last_at = greatest(q.last_at, excluded.last_at)`,
        [entries.map(([query]) => query), entries.map(([, h]) => h.searches), entries.map(([, h]) => h.noResults), entries.map(([, h]) => h.lastAt)],
      )
    } catch (error) {
      logger.warn({ err: error, queries: entries.length }, "searches could not be counted; the console misses them")
    }
  }

  function record(text: string, found: boolean): void {
    const query = loggedQuery(text)
    if (!query) return
    const known = held.get(query)
    if (!known && held.size >= QUERY_LOG_HELD) return
    const counts = known ?? { searches: 0, noResults: 0, lastAt: new Date() }
    counts.searches += 1
    if (!found) counts.noResults += 1
    counts.lastAt = new Date()
    held.set(query, counts)
    timer ??= setTimeout(() => void flush(), QUERY_LOG_FLUSH_MS).unref()
  }

  /** The console's tables: the most searched queries, and those whose every search found nothing, over the last `days`. */
  async function queries(days: number): Promise<AdminSearchQueries> {
    const listed = async (having: string) => {
      const { rows } = await db.query<SearchedQuery>(
        `select query, sum(searches)::int as searches, sum(no_results)::int as "noResults", max(last_at) as "lastAt"
           from bff.search_queries where day > (now() at time zone 'Asia/Kolkata')::date - $1::int
          group by query ${having} order by searches desc, "lastAt" desc, query limit $2`,
        [days, QUERIES_LISTED],
      )
      return rows.map((row) => ({ ...row, lastAt: new Date(row.lastAt).toISOString() }))
    }
    const [top, noResults] = await Promise.all([listed(""), listed("having sum(no_results) = sum(searches)")])
    return { days, top, noResults }
  }

  return {
    record,
    /** Writes what is held now (tests, and a process about to stop). */
    flush: async () => {
      if (timer) clearTimeout(timer)
      await flush()
    },
    queries,
  }
}

export type SearchQueryLog = ReturnType<typeof searchQueryLog>
