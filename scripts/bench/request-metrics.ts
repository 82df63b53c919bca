import { FILTERED_LISTINGS, type Alongside, type CacheOffStack, type ExtraBff } from "./catalog.js"
import { measureLoad, warmUp, type Load } from "./load.js"
import { measureMetricsWork, type MetricsWork } from "./metrics-work.js"
import { observed, type Observation } from "./observe.js"
import { waitForQuietCpu } from "./quiet.js"

/** Issue 30's target: counting every request costs the cache-off listing under 5% of its throughput. */
export const METRICS_COST_TARGET = 0.05
/** Rounds of the three BFFs in turn; a multiple of 3, so each BFF is measured first, second and third equally often. */
export const METRICS_ROUNDS = 24
/**
 * Short rounds, many of them: the machine's own drift (a neighbour, PostgreSQL's background work) moves single
 * rounds by ±20% or more, so the cost is read from the rounds' paired ratios, each of three measurements taken
 * back to back, and their median.
 */
export const METRICS_ROUND_SECONDS = 3
/** Before each round the BFF takes load this long: enough to reopen its pool's connections, idle since its last round. */
const ROUND_WARM_UP_SECONDS = 1
/** A measurement waits for the machine to be at most this busy (the share of its cores) over a second… */
export const QUIET_SHARE = 0.15
/** …or this long, so a busy neighbour slows the run down without stalling it. */
export const QUIET_TIMEOUT_MS = 20_000
/** The histogram REQUEST_METRICS=on fills, one series per method, route and status. */
const REQUEST_HISTOGRAM_COUNT = "bff_http_request_duration_seconds_count"

/** One round of one BFF, with how busy the machine was over the second before it (above QUIET_SHARE: the wait was given up). */
export type MetricsRound = Load & Observation & { round: number; quietShare: number }
export type MetricsSide = {
  label: string
  setting: "on" | "off"
  rounds: MetricsRound[]
  /** Means over the rounds (each round the same length, so the throughput is every request over all the time). */
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  /** CPU and PostgreSQL's waits, averaged over the rounds. */
  observation: Observation
  /** Requests the BFF's own histogram held after the rounds (warm-ups included): none when the setting is off. */
  counted: number
}
export type RequestMetricsBench = {
  /** The stack's own cache-off BFF (REQUEST_METRICS at its default, on), measured as every benchmark beside the catalogue measures it. */
  reference: Load & Observation
  roundSeconds: number
  off: MetricsSide
  on: MetricsSide
  /** A second BFF with REQUEST_METRICS=off: how far two identical processes differ (the figure's noise). */
  offAgain: MetricsSide
  /** What counting adds to a request, timed in the bench's process once the rounds are over. */
  work: MetricsWork
}

const log = (line: string) => process.stdout.write(`bench: ${line}\n`)
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / (values.length || 1)
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const cpuPerRequest = (side: MetricsSide) => side.observation.cpu.bff / side.requestsPerSecond

/**
 * The ratios the report and the verdict read: cost = 1 − on/off throughput and noise = 1 − off/off of the two off
 * processes, each the median of the rounds' own ratios (a round's measurements are back to back, so the drift
 * between rounds falls out); the ratios of the means over all rounds beside them.
 */
export function metricsCost({ off, on, offAgain, work }: RequestMetricsBench) {
  const byRound = (side: MetricsSide) => side.rounds.map((round, i) => 1 - round.requestsPerSecond / off.rounds[i]!.requestsPerSecond)
  return {
    cost: median(byRound(on)),
    noise: median(byRound(offAgain)),
    costOfMeans: 1 - on.requestsPerSecond / off.requestsPerSecond,
    noiseOfMeans: 1 - offAgain.requestsPerSecond / off.requestsPerSecond,
    p50Ratio: on.p50 / off.p50,
    p99Ratio: on.p99 / off.p99,
    noiseP99Ratio: offAgain.p99 / off.p99,
    /** Each round's cost, and each round's off-against-off difference (the rounds' spread). */
    roundCosts: byRound(on),
    roundNoise: byRound(offAgain),
    /** CPU seconds the BFF's process spent per request answered: what the metrics add where the BFF alone is the limit. */
    bffCpuPerRequest: { off: cpuPerRequest(off), on: cpuPerRequest(on), offAgain: cpuPerRequest(offAgain) },
    /**
     * The work counting adds, as a share of the CPU the off BFF spent per request under the load: the cost where the
     * BFF's CPU is the limit, far below the rounds' noise, which the end-to-end cost cannot resolve.
     */
    workShare: work.addedNs / 1e9 / cpuPerRequest(off),
  }
}

/** The mean of several rounds' observations; the busiest outside processes summed over the rounds they appeared in. */
export function meanObservation(observations: Observation[]): Observation {
  const cpu = (key: "bff" | "postgres" | "client" | "medusa" | "other" | "machineBusy") => mean(observations.map((o) => o.cpu[key]))
  const waits = (key: "meanBackends" | "running" | "rowLock" | "midTransaction" | "other") => mean(observations.map((o) => o.waits[key]))
  const outsiders = new Map<string, number>()
  const otherKinds: Record<string, number> = {}
  for (const { cpu: use, waits: seen } of observations) {
    for (const row of use.outsiders) outsiders.set(row.command, (outsiders.get(row.command) ?? 0) + row.cores / observations.length)
    for (const [kind, share] of Object.entries(seen.otherKinds)) otherKinds[kind] = (otherKinds[kind] ?? 0) + share / observations.length
  }
  return {
    cpu: {
      bff: cpu("bff"),
      postgres: cpu("postgres"),
      client: cpu("client"),
      medusa: cpu("medusa"),
      other: cpu("other"),
      machineBusy: cpu("machineBusy"),
      cores: observations[0]?.cpu.cores ?? 0,
      outsiders: [...outsiders]
        .map(([command, cores]) => ({ command, cores }))
        .sort((a, b) => b.cores - a.cores)
        .slice(0, 3),
    },
    waits: {
      samples: observations.reduce((sum, o) => sum + o.waits.samples, 0),
      meanBackends: waits("meanBackends"),
      running: waits("running"),
      rowLock: waits("rowLock"),
      midTransaction: waits("midTransaction"),
      other: waits("other"),
      otherKinds,
    },
  }
}

/** Requests a BFF's histogram counted, from its metrics on the internal listener (every route and status). */
async function countedRequests(bff: ExtraBff): Promise<number> {
  const response = await fetch(`${bff.internalOrigin}/metrics`)
  if (!response.ok) throw new Error(`GET ${bff.internalOrigin}/metrics answered ${response.status}`)
  return (await response.text())
    .split("\n")
    .filter((line) => line.startsWith(REQUEST_HISTOGRAM_COUNT))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0)
}

type Contender = { label: string; setting: "on" | "off"; bff: ExtraBff; rounds: MetricsRound[] }

/** One measurement: the machine quiet (or the wait given up), the BFF warmed (its pool's idle connections close after 10 s), then the listing. */
async function measureRound(stack: CacheOffStack, contender: Contender, round: number, seconds: number): Promise<MetricsRound> {
  const quietShare = await waitForQuietCpu({ busyShare: QUIET_SHARE, timeoutMs: QUIET_TIMEOUT_MS })
  await warmUp(contender.bff.origin, FILTERED_LISTINGS, {}, ROUND_WARM_UP_SECONDS)
  const watched = { bffPid: contender.bff.pid, medusaPid: stack.medusaPid, databaseUrl: stack.databaseUrl }
  const load = await observed(watched, () => measureLoad(contender.label, contender.bff.origin, FILTERED_LISTINGS, { seconds }))
  log(
    `round ${round + 1}, ${contender.label}: ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ` +
      `${load.errors + load.non2xx} errors (CPUs ${Math.round(quietShare * 100)}% busy beforehand)`,
  )
  return { ...load, round, quietShare }
}

async function sideOf({ label, setting, bff, rounds }: Contender): Promise<MetricsSide> {
  return {
    label,
    setting,
    rounds,
    requestsPerSecond: mean(rounds.map((round) => round.requestsPerSecond)),
    p50: mean(rounds.map((round) => round.p50)),
    p99: mean(rounds.map((round) => round.p99)),
    errors: rounds.reduce((sum, round) => sum + round.errors + round.non2xx, 0),
    observation: meanObservation(rounds),
    counted: await countedRequests(bff),
  }
}

/**
 * What counting every request costs the catalogue's cache-off listing: two BFFs like the stack's cache-off one, one
 * with REQUEST_METRICS=off and one with it on, and a second one off (their difference is the figure's noise), each
 * started fresh for this, measured in turn in short rounds (each quiet-waited and warmed) with the same client and
 * rotation of filtered listings, so drift and neighbours fall on all three alike. Only one takes load at a time.
 */
export const benchRequestMetrics: Alongside<RequestMetricsBench> = async (stack) => async (measureReference) => {
  const reference = await observed(stack, measureReference)
  const roundSeconds = METRICS_ROUND_SECONDS
  const started: ExtraBff[] = []
  try {
    const contender = async (label: string, setting: "on" | "off"): Promise<Contender> => {
      const bff = await stack.startCacheOffBff(`bff-metrics-${setting}`, { REQUEST_METRICS: setting })
      started.push(bff)
      return { label: `BFF filtered listings, cache off, ${label}`, setting, bff, rounds: [] }
    }
    const contenders = [
      await contender("REQUEST_METRICS=off", "off"),
      await contender("REQUEST_METRICS=on", "on"),
      await contender("REQUEST_METRICS=off (a second process)", "off"),
    ]
    // A fresh process's first seconds of load compile its hot paths: not part of any round.
    for (const { bff } of contenders) await warmUp(bff.origin, FILTERED_LISTINGS)
    log(`measuring request metrics off and on: ${METRICS_ROUNDS} rounds of ${roundSeconds} s for each of ${contenders.length} BFFs, one at a time…`)
    for (let round = 0; round < METRICS_ROUNDS; round++) {
      for (let place = 0; place < contenders.length; place++) {
        const next = contenders[(round + place) % contenders.length]!
        next.rounds.push(await measureRound(stack, next, round, roundSeconds))
      }
    }
    const [off, on, offAgain] = await Promise.all(contenders.map(sideOf))
    log("timing the work counting adds to a request…")
    const bench = { reference, roundSeconds, off: off!, on: on!, offAgain: offAgain!, work: measureMetricsWork() }
    const { cost, p99Ratio, noise, workShare } = metricsCost(bench)
    log(
      `request metrics cost ${(cost * 100).toFixed(1)}% of the throughput (p99 on/off ${p99Ratio.toFixed(2)}×); off against off ${(noise * 100).toFixed(1)}%; ` +
        `the added work ${Math.round(bench.work.addedNs)} ns a request, ${(workShare * 100).toFixed(2)}% of the BFF's CPU per request`,
    )
    return bench
  } finally {
    await Promise.all(started.map((bff) => bff.stop()))
  }
}
