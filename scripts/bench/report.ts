import os from "node:os"
import { LATENCY_TARGET, LIGHTHOUSE_TARGET, THROUGHPUT_TARGET, FILTERED_LISTINGS, MEDUSA_LISTING, type CatalogBench, type CatalogReference } from "./catalog.js"
import {
  LIKE_P99_TARGET_MS,
  READ_P99_TARGET_MS,
  READ_THROUGHPUT_TARGET,
  type CpuUse,
  type FitfeedBench,
  type FitfeedLoad,
  type LikeStorm,
  type QueryPlan,
} from "./fitfeed.js"
import { CONNECTIONS, type Load } from "./load.js"
import type { StartupBench } from "./startup.js"

export type Verdict = { name: string; ok: boolean }

/** One run's figures: the full catalogue (absent with BENCH_ONLY=fitfeed), its cache-off reference, FITFEED and start-up. */
export type BenchRun = { catalog?: CatalogBench; reference: CatalogReference; fitfeed?: FitfeedBench; startup?: StartupBench }

const ms = (value: number) => `${value.toFixed(1)} ms`
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ratio = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ×`

function loadRow(load: Load, medusa: Load): string {
  const vsMedusa = load === medusa ? "—" : `${ratio(load.requestsPerSecond / medusa.requestsPerSecond)} / p99 ${ratio(load.p99 / medusa.p99)}`
  return `| ${load.label} | ${Math.round(load.requestsPerSecond).toLocaleString("en-IN")} | ${ms(load.p50)} | ${ms(load.p99)} | ${load.errors + load.non2xx} | ${vsMedusa} |`
}

const clean = (load: Load) => load.errors + load.non2xx === 0

/** Pass or fail for every target the issues set, from one run's figures. */
export function verdicts({ catalog, fitfeed, startup }: BenchRun): Verdict[] {
  const list: Verdict[] = []
  if (catalog) {
    const { medusa } = catalog
    const faster = (load: Load) =>
      load.requestsPerSecond >= THROUGHPUT_TARGET * medusa.requestsPerSecond && load.p99 <= LATENCY_TARGET * medusa.p99 && clean(load)
    list.push(
      { name: `filtered listing, cache off: ≥ ${THROUGHPUT_TARGET}× Medusa's throughput, p99 ≤ ${LATENCY_TARGET}× Medusa's`, ok: faster(catalog.bffUncached) },
      { name: `filtered listing, cache warm: ≥ ${THROUGHPUT_TARGET}× Medusa's throughput, p99 ≤ ${LATENCY_TARGET}× Medusa's`, ok: faster(catalog.bffWarm) },
      ...catalog.lighthouse.map((page) => ({ name: `Lighthouse mobile performance ≥ ${LIGHTHOUSE_TARGET}: ${page.label}`, ok: page.score >= LIGHTHOUSE_TARGET })),
    )
  }
  if (fitfeed) {
    const read = (load: FitfeedLoad) =>
      load.requestsPerSecond >= READ_THROUGHPUT_TARGET * fitfeed.reference.requestsPerSecond && load.p99 < READ_P99_TARGET_MS && clean(load) && clean(fitfeed.reference)
    const target = `≥ ${READ_THROUGHPUT_TARGET}× the catalogue listing's cache-off throughput, p99 < ${READ_P99_TARGET_MS} ms, no errors`
    list.push(
      { name: `FITFEED signed-in feed (limit=50, likedByMe): ${target}`, ok: read(fitfeed.feed) },
      { name: `FITFEED profile posts page: ${target}`, ok: read(fitfeed.profile) },
      { name: `FITFEED like storm: p99 < ${LIKE_P99_TARGET_MS} ms, no errors, exact final counts`, ok: fitfeed.likes.p99 < LIKE_P99_TARGET_MS && clean(fitfeed.likes) && fitfeed.likes.exact },
    )
  }
  if (startup) {
    list.push({ name: `warm start ≤ ${startup.warmTargetS} s`, ok: startup.warm.seconds <= startup.warmTargetS })
    list.push({ name: `stack memory ≤ ${startup.memoryTargetMb} MB`, ok: startup.warm.memoryMb <= startup.memoryTargetMb })
  }
  return list
}

const cores = (value: number) => value.toFixed(2)
const percent = (value: number) => `${Math.round(value * 100)}%`
const PROCESS_NAMES: Record<Exclude<keyof CpuUse, "machineBusy" | "cores" | "outsiders">, string> = {
  bff: "the BFF's process",
  postgres: "PostgreSQL",
  client: "the load client (autocannon, in the bench's process)",
  medusa: "Medusa (idle)",
  other: "everything else (kernel, Redis, the cached BFF, processes outside the bench)",
}

/** What limited a FITFEED figure, from the CPU each process used and what PostgreSQL's backends were doing. */
function limitedBy(load: FitfeedLoad): string {
  const { cpu, waits } = load
  const users = (Object.keys(PROCESS_NAMES) as (keyof typeof PROCESS_NAMES)[]).sort((a, b) => cpu[b] - cpu[a])
  const shares = users.map((name) => `${PROCESS_NAMES[name]} ${cores(cpu[name])}`).join(", ")
  const head =
    cpu.machineBusy >= 0.85
      ? `CPU: the ${cpu.cores} cores were ${percent(cpu.machineBusy)} busy, most of it ${PROCESS_NAMES[users[0]!]}'s (cores used: ${shares})`
      : `not the CPU alone: the ${cpu.cores} cores were ${percent(cpu.machineBusy)} busy (cores used: ${shares})`
  const backends =
    `PostgreSQL's backends (${waits.meanBackends.toFixed(1)} busy on average, ${waits.samples} samples): ${percent(waits.running)} running, ` +
    `${percent(waits.rowLock)} waiting on a lock, ${percent(waits.midTransaction)} idle in a transaction (waiting for the BFF's next statement), ${percent(waits.other)} other waits`
  const outsiders = cpu.outsiders.length
    ? ` The busiest other processes: ${cpu.outsiders.map((row) => `\`${row.command.replace(/`/g, "'")}\` ${cores(row.cores)}`).join(", ")}.`
    : ""
  return `${head}.${outsiders} ${backends}.`
}

/** A read's plan cost per request beyond its execution: a custom plan is planned again every time. */
function planNote(plan: QueryPlan | undefined): string {
  if (!plan) return ""
  return plan.kind === "custom"
    ? ` Its statement gets a custom plan, so PostgreSQL plans it again on every request (${plan.planningMs.toFixed(2)} ms, against ${plan.executionMs.toFixed(2)} ms executing).`
    : ` Its statement runs a generic plan (${plan.executionMs.toFixed(2)} ms executing, no planning per request).`
}

function fitfeedRow(load: FitfeedLoad, reference: Load): string {
  const vs = load === reference ? "—" : `${ratio(load.requestsPerSecond / reference.requestsPerSecond)} / p99 ${ratio(load.p99 / reference.p99)}`
  return `| ${load.label} | ${Math.round(load.requestsPerSecond).toLocaleString("en-IN")} | ${ms(load.p50)} | ${ms(load.p99)} | ${load.errors + load.non2xx} | ${vs} |`
}

function stormLines(likes: LikeStorm): string[] {
  return [
    `Like storm: ${likes.members.toLocaleString("en-IN")} members each liked each of ${likes.posts.length} posts once ` +
      `(${likes.requests.toLocaleString("en-IN")} \`POST /api/fitfeed/posts/{id}/like\`, shuffled over ${CONNECTIONS} connections, so every post was being liked by several members at once): ` +
      `${Math.round(likes.likesPerSecond).toLocaleString("en-IN")} likes/s, p50 ${ms(likes.p50)}, p99 ${ms(likes.p99)}, ${likes.errors + likes.non2xx} errors; ` +
      `${likes.liked.toLocaleString("en-IN")} answered liked. Final counts ${likes.exact ? "exact" : "**not exact**"}: each post's \`like_count\` against its rows and the likes answered, ` +
      "and the counts the answers returned (exactly before+1 … after, each once, when every like was counted once):",
    "",
    "| Post | like_count before | likes answered | like_count after | likes rows after | answers' counts in order |",
    "|---|---|---|---|---|---|",
    ...likes.posts.map((post) => `| ${post.id} | ${post.before} | ${post.liked} | ${post.after} | ${post.rows} | ${post.countsInOrder ? "yes" : "**no**"} |`),
    "",
    "The storm's likes are deleted afterwards (a kept database's next run sees the seed as it was).",
  ]
}

function fitfeedLines(fitfeed: FitfeedBench): string[] {
  const { seed, answers } = fitfeed
  const number = (value: number) => value.toLocaleString("en-IN")
  return [
    "## FITFEED",
    "",
    `Seed (\`scripts/bench/fitfeed-seed.ts\`): ${number(seed.shoppers)} shoppers, ${number(seed.posts)} posts on the bench products, ${number(seed.likes)} likes ` +
      `(the most-liked post ${number(seed.maxLikes)}, the median ${number(seed.medianLikes)}), ${number(seed.comments)} comments and ${number(seed.follows)} follows, ` +
      (seed.reused ? "found in the kept database. " : `written straight into the bench database in ${seed.seconds.toFixed(1)} s. `) +
      "Measured on the catalogue's cache-off BFF (`CATALOG_CACHE=off`; `FITFEED_ADDRESS_LIMIT_SCALE=1000`, as every request comes from one address) " +
      "right after its filtered listings, with the same client, connections and duration. " +
      `The feed rotates through 200 signed-in readers who follow up to 30 people each (on average ${answers.followedPerFeedPage.toFixed(1)} of a page's 50 posts come from people they follow; ` +
      `${kilobytes(answers.feedBytes)} an answer); the profile page rotates through the ${answers.profileAuthorPosts.authors} authors with more than a page ` +
      `(${answers.profileAuthorPosts.min}–${answers.profileAuthorPosts.max} posts each, ${kilobytes(answers.profileBytes)} an answer), read signed in (so with likedByMe).`,
    "",
    "| Request | req/s | p50 | p99 | errors | vs the catalogue's cache-off listing (throughput / p99) |",
    "|---|---|---|---|---|---|",
    ...[fitfeed.reference, fitfeed.feed, fitfeed.profile].map((load) => fitfeedRow(load, fitfeed.reference)),
    `| ${fitfeed.likes.label} | ${Math.round(fitfeed.likes.likesPerSecond).toLocaleString("en-IN")} | ${ms(fitfeed.likes.p50)} | ${ms(fitfeed.likes.p99)} | ${fitfeed.likes.errors + fitfeed.likes.non2xx} | — |`,
    "",
    "What limited each figure (CPU from /proc over the run; PostgreSQL's backends for the bench database sampled from pg_stat_activity every 50 ms):",
    "",
    `- Catalogue listing, cache off (the reference): ${limitedBy(fitfeed.reference)}`,
    `- Feed: ${limitedBy(fitfeed.feed)}${planNote(fitfeed.plans[0])}`,
    `- Profile posts: ${limitedBy(fitfeed.profile)}${planNote(fitfeed.plans[1])}`,
    `- Like storm: ${limitedBy(fitfeed.likes)} Likes of one post take turns on its row (the count changes in the like's own statement).`,
    "",
    ...stormLines(fitfeed.likes),
    "",
    "### Query plans",
    "",
    "`EXPLAIN (ANALYZE, BUFFERS)` on the seeded data with real parameters, the SQL taken from the BFF's own query functions " +
      "(`bff/src/features/fitfeed/posts.ts`, `profiles.ts`, `likes.ts`). The reads run as the BFF runs them, as prepared statements " +
      "executed five times first, so the plan is the one PostgreSQL settles on; the like as the BFF sends it, unnamed (planned every time), " +
      "in its transaction, rolled back.",
    "",
    ...fitfeed.plans.flatMap((plan) => [
      `#### ${plan.label}`,
      "",
      `Execution ${plan.executionMs.toFixed(2)} ms, planning ${plan.planningMs.toFixed(2)} ms (${plan.kind === "generic" ? "a generic plan: planned once per connection" : "a custom plan: planned again on every execution"}); ${plan.seqScans.length ? `sequential scans on ${plan.seqScans.map((table) => `\`${table}\``).join(", ")}` : "no sequential scans"}. Parameters: ${plan.parameters}.`,
      "",
      "```sql",
      plan.sql,
      "```",
      "",
      "```",
      plan.plan,
      "```",
      "",
    ]),
  ]
}

export function renderReport({ catalog, reference, fitfeed, startup }: BenchRun, date = new Date()): string {
  const cpu = os.cpus()
  const lines = [
    "# Benchmark report",
    "",
    `Written by \`npm run bench\` on ${date.toISOString()}. Every figure below comes from one run on one machine; ratios compare targets measured in that same run.`,
    "",
    "## Machine and versions",
    "",
    `- ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}`,
    `- Node ${process.version}, PostgreSQL ${reference.versions.postgres}, Redis ${reference.versions.redis}, Medusa ${reference.versions.medusa}`,
    `- Load client: autocannon, ${CONNECTIONS} connections, same duration for every target; Lighthouse with Debian's Chromium, default mobile settings, median of 3 runs`,
    "",
  ]
  if (catalog) lines.push(...catalogLines(catalog))
  else {
    lines.push(
      "## Catalogue (reference only)",
      "",
      `A \`BENCH_ONLY=fitfeed\` run: of the catalogue (${reference.products.toLocaleString("en-IN")} bench products plus the demo catalogue, seeded in ${reference.seedSeconds.toFixed(0)} s) ` +
        "only the BFF's cache-off filtered listings were measured, as FITFEED's reference; no Medusa, cached, product page, Lighthouse or start-up figures.",
      "",
      ...FILTERED_LISTINGS.map((listing, index) => `- \`${listing}\` (${reference.filteredTotals[index]} matches)`),
      "",
    )
  }
  if (fitfeed) lines.push(...fitfeedLines(fitfeed))
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
  lines.push("## Targets", "", ...verdicts({ catalog, reference, fitfeed, startup }).map((v) => `- ${v.ok ? "met" : "**missed**"}: ${v.name}`), "")
  return lines.join("\n")
}

function catalogLines(catalog: CatalogBench): string[] {
  return [
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
}
