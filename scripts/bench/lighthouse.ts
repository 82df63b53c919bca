import { existsSync } from "node:fs"
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"

/** The median run's figures (by performance), with every run's score and Lighthouse's estimate of the machine's speed in that run. */
export type PageScore = {
  label: string
  path: string
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  accessibility: number
  bestPractices: number
  seo: number
  /** What cost the median run points outside performance: the audits that failed, by category. */
  failedAudits: string[]
  benchmarkIndex: number
  runScores: number[]
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

/**
 * Lighthouse's performance, accessibility, best-practices and SEO categories with its default mobile settings (emulated phone, simulated slow
 * 4G and CPU throttling) in Debian's Chromium; each page is scored `runs` times and the median kept.
 */
export async function scorePages(origin: string, pages: { label: string; path: string }[], runs = 3): Promise<PageScore[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH`)
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
  })
  try {
    const scores: PageScore[] = []
    for (const page of pages) {
      const attempts: Omit<PageScore, "runScores">[] = []
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(new URL(page.path, origin).toString(), {
          port: chrome.port,
          onlyCategories: [...CATEGORIES],
          logLevel: "error",
          output: "json",
        })
        const lhr = result?.lhr
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`)
        if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${page.path}: ${lhr.runtimeError.message}`)
        const category = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
        const failedAudits = CATEGORIES.filter((id) => id !== "performance").flatMap((id) =>
          (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}: ${ref.id}`),
        )
        attempts.push({
          ...page,
          score: category("performance"),
          accessibility: category("accessibility"),
          bestPractices: category("best-practices"),
          seo: category("seo"),
          failedAudits,
          lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
          tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
          cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        })
      }
      const runScores = attempts.map((attempt) => attempt.score)
      attempts.sort((a, b) => a.score - b.score)
      scores.push({ ...attempts[Math.floor(attempts.length / 2)]!, runScores })
    }
    return scores
  } finally {
    await chrome.kill()
  }
}
