import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client"
import type { Db } from "./db.js"

/**
 * The BFF's Prometheus metrics, one set per process (each replica is scraped on its own): a process serves one app,
 * and tests that build several apps in one process count their traffic together, as one replica's would be.
 */
const registry = new Registry()
collectDefaultMetrics({ register: registry })

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const httpRequests = new Histogram({
  name: "bff_http_request_duration_seconds",
  help: "Requests answered, by route template, method and status, with how long each took",
  labelNames: ["method", "route", "status"] as const,
  buckets: SECONDS,
  registers: [registry],
})

const medusaCalls = new Histogram({
  name: "bff_medusa_call_duration_seconds",
  help: "Calls to Medusa (store: its SDK; internal: commerce's /internal routes), by how they ended",
  labelNames: ["api", "outcome"] as const,
  buckets: SECONDS,
  registers: [registry],
})

const medusaErrors = new Counter({
  name: "bff_medusa_call_errors_total",
  help: "Calls to Medusa that failed: unreachable (down or past its deadline) or answered with a 5xx",
  labelNames: ["api", "outcome"] as const,
  registers: [registry],
})

const catalogCache = new Counter({
  name: "bff_catalog_cache_lookups_total",
  help: "The catalogue's cached answers looked up, by whether one was there",
  labelNames: ["result"] as const,
  registers: [registry],
})

const jobsFinished = new Counter({
  name: "bff_jobs_finished_total",
  help: "Job runs this process ended, by kind and how (done, retry, failed)",
  labelNames: ["kind", "state"] as const,
  registers: [registry],
})

const jobsWaiting = new Gauge({
  name: "bff_jobs",
  help: "Jobs not done, across replicas, by kind and state (due, scheduled, failed), read at each scrape",
  labelNames: ["kind", "state"] as const,
  registers: [registry],
})

const dbPool = new Gauge({
  name: "bff_db_pool_connections",
  help: "PostgreSQL pool connections of this process: total, idle, and requests waiting for one",
  labelNames: ["state"] as const,
  registers: [registry],
})

/** How a call to Medusa ended: `ok` includes Medusa's refusals (4xx), which are answers, not failures. */
export type MedusaOutcome = "ok" | "unreachable" | "failed"

export const metrics = {
  httpRequest(method: string, route: string, status: number, seconds: number): void {
    httpRequests.labels(method, route, String(status)).observe(seconds)
  },
  medusaCall(api: "store" | "internal", outcome: MedusaOutcome, seconds: number): void {
    medusaCalls.labels(api, outcome).observe(seconds)
    if (outcome !== "ok") medusaErrors.labels(api, outcome).inc()
  },
  catalogCacheLookup(hit: boolean): void {
    catalogCache.labels(hit ? "hit" : "miss").inc()
  },
  jobFinished(kind: string, state: "done" | "retry" | "failed"): void {
    jobsFinished.labels(kind, state).inc()
  },
}

/** The exposition answer: what the process counted, and the jobs and pool read now. */
export async function metricsExposition(db: Db): Promise<{ contentType: string; body: string }> {
  dbPool.set({ state: "total" }, db.totalCount)
  dbPool.set({ state: "idle" }, db.idleCount)
  dbPool.set({ state: "waiting" }, db.waitingCount)
  jobsWaiting.reset()
  const { rows } = await db.query<{ kind: string; state: string; count: string }>(
    `select kind, case when failed_at is not null then 'failed' when run_at <= now() then 'due' else 'scheduled' end as state, count(*)
       from bff.jobs where done_at is null group by 1, 2`,
  )
  for (const row of rows) jobsWaiting.set({ kind: row.kind, state: row.state }, Number(row.count))
  return { contentType: registry.contentType, body: await registry.metrics() }
}
