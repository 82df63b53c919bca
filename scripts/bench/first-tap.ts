import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { setTimeout as sleep } from "node:timers/promises"
import { pathToFileURL } from "node:url"
import { chromium, type Browser, type BrowserContext } from "@playwright/test"
import { verificationCodeIn } from "../lib/fitfeed-demo.js"

/** Issue 47's target: a tap on a button answered (its response on screen) within this long of the button being painted. */
export const FIRST_TAP_TARGET_MS = 300
/** Cold loads of the product page, each in a new context; the median and the worst are reported. */
const RUNS = Number(process.env.BENCH_TAP_RUNS || 5)
/** The phone: 150 ms round trips, 1.6 Mbit/s each way, a CPU four times slower than this machine's. */
export const PHONE = { latencyMs: 150, bitsPerSecond: 1_600_000, cpuSlowdown: 4 }
const PHONE_SCREEN = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true }
/** How long one load may take to paint, answer and add. */
const RUN_TIMEOUT_MS = 60_000
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"
const PASSWORD = "first-tap-2026"

/** One cold load's times in ms from the navigation's start, in the page's own clock. */
export type FirstTapRun = {
  /** The frame that first painted ADD TO BAG. */
  paintedAt: number
  /** The tap on ADD TO BAG (after a size, tapped first). */
  tappedAt: number
  /** The frame that first painted ADD TO BAG's response to the tap (working, or the app's own state). */
  answeredAt: number
  /** The bag's add answered (`POST /api/cart`): the tap's action done by the app. */
  addedAt: number
  /** The app marked the page ready (hydrated). */
  readyAt: number
  /** The tap's answer came from index.html's tap queue (before the app ran) or from the app. */
  answeredBy: "queue" | "app"
}

export type FirstTapBench = { origin: string; productPath: string; runs: FirstTapRun[] }

const log = (line: string) => process.stdout.write(`bench: ${line}\n`)

/**
 * Installed before the page's own scripts: notes the frame that paints ADD TO BAG (a rAF callback runs just before the
 * frame it is in is painted), the tap (a capture listener on window, ahead of the page's own), the frame that paints the
 * button's first change after it, the app's "ready" mark and the answer to `POST /api/cart`.
 */
function watchFirstTap() {
  type Watch = {
    paintedAt?: number
    tappedAt?: number
    answeredAt?: number
    answeredBy?: "queue" | "app"
    addedAt?: number
    readyAt?: number
  }
  const watch: Watch = {}
  ;(window as unknown as { __firstTap: Watch }).__firstTap = watch
  const button = () => document.querySelector<HTMLElement>('[data-tap="add-to-bag"]')
  const looks = (element: HTMLElement | null) =>
    element ? `${element.className}|${element.textContent}|${element.dataset.tapped ?? ""}|${element.getAttribute("aria-disabled")}` : ""
  let before = ""
  const frame = () => {
    const now = performance.now()
    const add = button()
    if (watch.paintedAt === undefined && add && add.getBoundingClientRect().height > 0) {
      watch.paintedAt = now
    }
    if (watch.tappedAt !== undefined && watch.answeredAt === undefined && looks(add) !== before) {
      watch.answeredAt = now
      watch.answeredBy = add?.dataset.tapped === "busy" ? "queue" : "app"
    }
    if (watch.readyAt === undefined && document.documentElement.dataset.app === "ready") watch.readyAt = now
    if (watch.answeredAt === undefined || watch.readyAt === undefined) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  window.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('[data-tap="add-to-bag"]') : null
      if (!target || watch.tappedAt !== undefined) return
      watch.tappedAt = event.timeStamp
      before = looks(button())
    },
    true,
  )
  const fetchOf = window.fetch.bind(window)
  window.fetch = async (input, init) => {
    const answer = await fetchOf(input, init)
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url
    if (init?.method === "POST" && new URL(url, location.href).pathname === "/api/cart" && answer.ok) watch.addedAt ??= performance.now()
    return answer
  }
}

/** A new shopper, signed up and verified in `context` (its refresh cookie there), stored as the app stores a session. */
async function signedInShopper(context: BrowserContext, origin: string, runId: string, index: number) {
  const email = `first-tap-${runId}-${index}@tap.bench`
  // The shop limits sign-ups per client address; the BFF trusts X-Forwarded-For from loopback.
  const headers = { "x-forwarded-for": `10.88.${index}.1` }
  const signup = await context.request.post(`${origin}/api/auth/signup`, {
    headers,
    data: { name: `Tap Shopper ${index}`, email, handle: `t${runId}${index}`, password: PASSWORD },
  })
  if (signup.status() !== 201) throw new Error(`signing up ${email} answered ${signup.status()}: ${(await signup.text()).slice(0, 300)}`)
  let code: string | undefined
  for (let tries = 0; !code && tries < 100; tries++) {
    if (tries) await sleep(100)
    const outbox = await context.request.get(`${origin}/api/dev/outbox?to=${encodeURIComponent(email)}`)
    code = verificationCodeIn(((await outbox.json()) as { messages: { subject: string }[] }).messages)
  }
  if (!code) throw new Error(`no verification code for ${email} in the dev outbox (the shop must run in development)`)
  const verified = await context.request.post(`${origin}/api/auth/verify-email`, { headers, data: { email, code } })
  if (verified.status() !== 200) throw new Error(`verifying ${email} answered ${verified.status()}`)
  const session = (await verified.json()) as { accessToken: string; user: unknown }
  await context.addInitScript(({ accessToken, user }) => {
    window.localStorage.setItem("accessToken", accessToken)
    window.localStorage.setItem("me", JSON.stringify(user))
  }, session)
}

/** One cold load of the product page on the phone profile, tapping a size then ADD TO BAG as soon as it is painted. */
async function coldTap(browser: Browser, origin: string, productPath: string, runId: string, index: number): Promise<FirstTapRun> {
  const context = await browser.newContext({ ...PHONE_SCREEN, serviceWorkers: "block" })
  try {
    await signedInShopper(context, origin, runId, index)
    // tsx names the watcher's inner functions through a helper (`__name`) the page doesn't have: it goes in as source, with one.
    await context.addInitScript({ content: `(() => { const __name = (target) => target; (${watchFirstTap.toString()})() })()` })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const bytesPerSecond = PHONE.bitsPerSecond / 8
    await cdp.send("Network.enable")
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true })
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    })
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown })

    void page.goto(`${origin}${productPath}`, { waitUntil: "commit", timeout: RUN_TIMEOUT_MS }).catch(() => undefined)
    await page.waitForFunction(() => (window as unknown as { __firstTap: { paintedAt?: number } }).__firstTap.paintedAt !== undefined, undefined, {
      polling: 10,
      timeout: RUN_TIMEOUT_MS,
    })
    // Tapped where each button is at the moment of the tap (the page may still move as it loads), without waiting for it to settle.
    const size = page.locator('[data-tap^="size:"]:not(:disabled)').first()
    if (await size.count()) await size.tap({ force: true, timeout: RUN_TIMEOUT_MS })
    await page.locator('[data-tap="add-to-bag"]').tap({ force: true, timeout: RUN_TIMEOUT_MS })
    const done = await page.waitForFunction(
      () => {
        const watch = (window as unknown as { __firstTap: Partial<FirstTapRun> }).__firstTap
        return watch.answeredAt !== undefined && watch.addedAt !== undefined && watch.readyAt !== undefined ? watch : undefined
      },
      undefined,
      { polling: 50, timeout: RUN_TIMEOUT_MS },
    )
    const { paintedAt, tappedAt, answeredAt, addedAt, readyAt, answeredBy } = (await done.jsonValue()) as FirstTapRun
    return { paintedAt, tappedAt, answeredAt, addedAt, readyAt, answeredBy }
  } finally {
    await context.close()
  }
}

/**
 * The first tap on the most popular product's page (issue 47), in Debian's Chromium on the phone profile
 * (Network.emulateNetworkConditions: 150 ms, 1.6 Mbit/s each way; Emulation.setCPUThrottlingRate 4; a new context with
 * the cache disabled each run) as a signed-in shopper: a size then ADD TO BAG tapped as soon as ADD TO BAG is painted.
 */
export async function benchFirstTap(origin: string): Promise<FirstTapBench> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH`)
  const listing = (await (await fetch(`${origin}/api/products?active=true&sort=popular&limit=1`)).json()) as { products: { id: string }[] }
  const productPath = `/product/${listing.products[0]!.id}`
  const runId = randomBytes(3).toString("hex")
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  })
  try {
    const runs: FirstTapRun[] = []
    for (let index = 0; index < RUNS; index++) {
      const run = await coldTap(browser, origin, productPath, runId, index)
      log(
        `first tap ${index + 1}/${RUNS}: painted ${Math.round(run.paintedAt)} ms, tapped +${Math.round(run.tappedAt - run.paintedAt)}, ` +
          `answered +${Math.round(run.answeredAt - run.paintedAt)} (by the ${run.answeredBy}), app ready +${Math.round(run.readyAt - run.paintedAt)}, added +${Math.round(run.addedAt - run.paintedAt)}`,
      )
      runs.push(run)
    }
    return { origin, productPath, runs }
  } finally {
    await browser.close()
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const ms = (value: number) => `${Math.round(value).toLocaleString("en-IN")} ms`

/**
 * The verdict on issue 47's figure: a tap on ADD TO BAG from the moment it is painted (before the app has run) is
 * answered within the target, in every run, and added with no second tap. The bench's own reaction (painted → tapped:
 * its polls and touch events through CDP on a CPU slowed four times) is reported beside it, not counted.
 */
export function firstTapVerdicts({ runs }: FirstTapBench): { name: string; ok: boolean }[] {
  return [
    {
      name:
        `first tap: ADD TO BAG tapped as soon as it is painted, before the app has run, answered ≤ ${FIRST_TAP_TARGET_MS} ms after the tap ` +
        `(phone profile, cold cache; worst of ${runs.length} runs), added with no second tap`,
      ok: runs.length > 0 && runs.every((run) => run.tappedAt < run.readyAt && run.answeredAt - run.tappedAt <= FIRST_TAP_TARGET_MS && run.addedAt > 0),
    },
  ]
}

/** The report's section: each figure's median and worst over the runs, from the page's navigation start or the paint. */
export function firstTapLines({ productPath, runs }: FirstTapBench): string[] {
  const figure = (label: string, of: (run: FirstTapRun) => number, from: string) => {
    const values = runs.map(of)
    return `| ${label} | ${ms(median(values))} | ${ms(Math.max(...values))} | ${from} |`
  }
  const afterPaint = (at: (run: FirstTapRun) => number) => (run: FirstTapRun) => at(run) - run.paintedAt
  const worstAnswer = Math.max(...runs.map((run) => run.answeredAt - run.tappedAt))
  const byQueue = runs.filter((run) => run.answeredBy === "queue").length
  return [
    "## First tap",
    "",
    `The most popular product's page (\`${productPath.replace(/[^/]+$/, "{id}")}\`) loaded ${runs.length} times in Debian's Chromium on the issue's phone ` +
      `profile (CDP: ${PHONE.latencyMs} ms latency, ${PHONE.bitsPerSecond / 1e6} Mbit/s down and up, CPU × ${PHONE.cpuSlowdown}; a new context with the cache ` +
      "disabled each run), as a signed-in shopper. As soon as ADD TO BAG is painted (the animation frame that first has it on screen) a size and then " +
      "ADD TO BAG are tapped (touch). Answered: the first frame that paints ADD TO BAG changed by the tap (the tap queue's working state before the " +
      "app runs, the app's ADDING... after). Added: the app's `POST /api/cart` answered, with no second tap.",
    "",
    "| Figure | median | worst | measured from |",
    "|---|---|---|---|",
    figure("ADD TO BAG painted", (run) => run.paintedAt, "navigation start"),
    figure(
      "tapped (the bench's reaction)",
      afterPaint((run) => run.tappedAt),
      "the paint",
    ),
    figure(
      "tap answered",
      afterPaint((run) => run.answeredAt),
      "the paint",
    ),
    figure("tap answered", (run) => run.answeredAt - run.tappedAt, "the tap"),
    figure(
      "app ready (hydrated)",
      afterPaint((run) => run.readyAt),
      "the paint",
    ),
    figure(
      "added to the bag",
      afterPaint((run) => run.addedAt),
      "the paint",
    ),
    "",
    `Tap answered at worst **${ms(worstAnswer)}** after the tap (target ≤ ${FIRST_TAP_TARGET_MS} ms); ${byQueue} of ${runs.length} answered by ` +
      "index.html's tap queue before the app had run, the rest by the app. What limits painted → tapped is the bench itself (its polls and CDP " +
      "touch events on the slowed CPU), not the page: before the tap queue a tap in that time was answered only once the app ran.",
    "",
  ]
}

// `node --import tsx scripts/bench/first-tap.ts [origin]`: the step alone against a running shop (npm start's by default).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const bench = await benchFirstTap(process.argv[2] ?? "http://localhost:8080")
  process.stdout.write(`${firstTapLines(bench).join("\n")}\n`)
  for (const verdict of firstTapVerdicts(bench)) process.stdout.write(`${verdict.ok ? "met" : "MISSED"}: ${verdict.name}\n`)
}
