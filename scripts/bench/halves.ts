import pg from "pg"
import { planOf, type QueryPlan, type Statement } from "./fitfeed.js"
import type { Load } from "./load.js"
import type { Observation } from "./observe.js"
import { meanObservation } from "./request-metrics.js"

/**
 * What the benchmarks measured beside the catalogue's cache-off listing share (the reviews, search): a load with how
 * busy the machine was over the second before its warm-up (above QUIET_SHARE: the wait was given up), measured in
 * halves so a drift of the machine weighs on both targets alike, and the plans of the statements behind it.
 */
export type QuietLoad = Load & Observation & { quietShare?: number }

/** Two halves of one target as one figure: throughput and p50 their means, p99 the higher, errors and CPU over both. */
export function halves(a: QuietLoad, b: QuietLoad): QuietLoad {
  return {
    label: a.label,
    requestsPerSecond: (a.requestsPerSecond + b.requestsPerSecond) / 2,
    p50: (a.p50 + b.p50) / 2,
    p99: Math.max(a.p99, b.p99),
    errors: a.errors + b.errors,
    non2xx: a.non2xx + b.non2xx,
    ...meanObservation([a, b]),
    quietShare: Math.max(a.quietShare ?? 0, b.quietShare ?? 0),
  }
}

/** A GET's parsed answer and its size; anything but a 2xx fails the bench with the answer's start. */
export async function getJson<T>(url: string): Promise<{ body: T; bytes: number }> {
  const response = await fetch(url)
  const text = await response.text()
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`)
  return { body: JSON.parse(text) as T, bytes: Buffer.byteLength(text) }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement as the BFF runs it: a named statement, which each connection plans once and
 * then runs with the generic plan (forced here, as PostgreSQL settles on it after a few executions).
 */
export async function namedPlan(client: pg.Client, label: string, statement: Statement): Promise<QueryPlan> {
  await client.query("set plan_cache_mode = force_generic_plan")
  for (let i = 0; i < 3; i++) await client.query(statement.text, statement.values)
  const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${statement.text}`, statement.values)
  await client.query("reset plan_cache_mode")
  return planOf(label, statement, rows)
}
