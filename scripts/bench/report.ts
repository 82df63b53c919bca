import os from "node:os"
import { LATENCY_TARGET, LIGHTHOUSE_TARGET, THROUGHPUT_TARGET, FILTERED_LISTINGS, MEDUSA_LISTING, type CatalogBench } from "./catalog.js"
import { CONNECTIONS, type Load } from "./load.js"
import type { StartupBench } from "./startup.js"

export type Verdict = { name: string; ok: boolean }

const ms = (value: number) => `${value.toFixed(1)} ms`
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ratio = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ×`

function loadRow(load: Load, medusa: Load): string {
  const vsMedusa = load === medusa ? "—" : `${ratio(load.requestsPerSecond / medusa.requestsPerSecond)} / p99 ${ratio(load.p99 / medusa.p99)}`
  return `| ${load.label} | ${Math.round(load.requestsPerSecond).toLocaleString("en-IN")} | ${ms(load.p50)} | ${ms(load.p99)} | ${load.errors + load.non2xx} | ${vsMedusa} |`
}

/** Pass or fail for every target the issues set, from one run's figures. */
export function verdicts(catalog: CatalogBench, startup: StartupBench | undefined): Verdict[] {
  const { medusa } = catalog
  const faster = (load: Load) =>
    load.requestsPerSecond >= THROUGHPUT_TARGET * medusa.requestsPerSecond && load.p99 <= LATENCY_TARGET * medusa.p99 && load.errors + load.non2xx === 0
  const list: Verdict[] = [
    { name: `filtered listing, cache off: ≥ ${THROUGHPUT_TARGET}× Medusa's throughput, p99 ≤ ${LATENCY_TARGET}× Medusa's`, ok: faster(catalog.bffUncached) },
    { name: `filtered listing, cache warm: ≥ ${THROUGHPUT_TARGET}× Medusa's throughput, p99 ≤ ${LATENCY_TARGET}× Medusa's`, ok: faster(catalog.bffWarm) },
    ...catalog.lighthouse.map((page) => ({ name: `Lighthouse mobile performance ≥ ${LIGHTHOUSE_TARGET}: ${page.label}`, ok: page.score >= LIGHTHOUSE_TARGET })),
  ]
  if (startup) {
    list.push({ name: `warm start ≤ ${startup.warmTargetS} s`, ok: startup.warm.seconds <= startup.warmTargetS })
    list.push({ name: `stack memory ≤ ${startup.memoryTargetMb} MB`, ok: startup.warm.memoryMb <= startup.memoryTargetMb })
  }
  return list
}

export function renderReport(catalog: CatalogBench, startup: StartupBench | undefined, date = new Date()): string {
  const cpu = os.cpus()
  const lines = [
    "# Benchmark report",
    "",
    `Written by \`npm run bench\` on ${date.toISOString()}. Every figure below comes from one run on one machine; ratios compare targets measured in that same run.`,
    "",
    "## Machine and versions",
    "",
    `- ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}`,
    `- Node ${process.version}, PostgreSQL ${catalog.versions.postgres}, Redis ${catalog.versions.redis}, Medusa ${catalog.versions.medusa}`,
    `- Load client: autocannon, ${CONNECTIONS} connections, same duration for every target; Lighthouse with Debian's Chromium, default mobile settings, median of 3 runs`,
    "",
    "## Catalogue",
    "",
    `Catalogue: ${catalog.products.toLocaleString("en-IN")} bench products plus the demo catalogue (seeded in ${catalog.seedSeconds.toFixed(0)} s). ` +
      `Medusa ran with its Caching Module on (Redis) and the storefront's publishable key; its listing is \`${MEDUSA_LISTING}\` ` +
      `(${kilobytes(catalog.answerBytes.medusa)} an answer). The BFF's load rotates through these filtered listings ` +
      `(${kilobytes(catalog.answerBytes.bff)} for the first):`,
    "",
    ...FILTERED_LISTINGS.map((listing, index) => `- \`${listing}\` (${catalog.filteredTotals[index]} matches)`),
    "",
    "| Request | req/s | p50 | p99 | errors | vs Medusa (throughput / p99) |",
    "|---|---|---|---|---|---|",
    ...[catalog.medusa, catalog.bffUncached, catalog.bffWarm, catalog.productUncached, catalog.productWarm].map((load) => loadRow(load, catalog.medusa)),
    "",
    `Cache cold (the first request after a catalogue change emptied the cache, ${catalog.bffCold.samples} samples): p50 ${ms(catalog.bffCold.p50)}, p99 ${ms(catalog.bffCold.p99)}.`,
    "",
    "## Storefront (Lighthouse, mobile)",
    "",
    "| Page | Performance | LCP | TBT | CLS | Every run's score | Benchmark index |",
    "|---|---|---|---|---|---|---|",
    ...catalog.lighthouse.map(
      (page) =>
        `| ${page.label} (\`${page.path}\`) | ${page.score} | ${page.lcpMs} ms | ${page.tbtMs} ms | ${page.cls} | ${page.runScores.join(", ")} | ${page.benchmarkIndex} |`,
    ),
    "",
    "The median run's figures; the benchmark index is Lighthouse's estimate of this machine's speed in that run (higher is faster; it drifts between runs minutes apart).",
    "",
  ]
  if (startup) {
    lines.push(
      "## Start-up and memory",
      "",
      "| Measure | Value | vs target |",
      "|---|---|---|",
      `| cold start (empty database) | ${startup.cold.seconds.toFixed(1)} s | — |`,
      `| warm start | ${startup.warm.seconds.toFixed(1)} s | ${ratio(startup.warm.seconds / startup.warmTargetS)} the ${startup.warmTargetS} s target |`,
      `| stack memory after 80 requests (RSS) | ${startup.warm.memoryMb} MB | ${ratio(startup.warm.memoryMb / startup.memoryTargetMb)} the ${startup.memoryTargetMb} MB target |`,
      "",
    )
  }
  lines.push("## Targets", "", ...verdicts(catalog, startup).map((v) => `- ${v.ok ? "met" : "**missed**"}: ${v.name}`), "")
  return lines.join("\n")
}
