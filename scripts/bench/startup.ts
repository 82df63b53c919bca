import { spawn, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { ROOT } from "../lib/paths.js"
import { embeddedDatabaseUrl } from "../lib/database.js"
import { freePort } from "../lib/ports.js"
import type { DropTarget } from "./drop.js"
import { findInTree, treeResidentMb } from "./process-tree.js"

/**
 * Starts the whole shop twice on a fresh embedded PostgreSQL (cold, then warm),
 * measures time to ready and the resident memory of every process it started after some traffic,
 * and reports them against the targets (warm start under 30 s, stack under 1.5 GB).
 */
const WARM_TARGET_S = 30
const MEMORY_TARGET_MB = 1536

export type Run = { seconds: number; memoryMb: number }

function startShop(env: NodeJS.ProcessEnv): { child: ChildProcess; ready: Promise<number> } {
  const started = performance.now()
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
  const ready = new Promise<number>((resolve, reject) => {
    let output = ""
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes("The shop is ready")) resolve((performance.now() - started) / 1000)
    })
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.on("exit", (code) => reject(new Error(`start exited with ${code} before ready:\n${output.slice(-3000)}`)))
  })
  return { child, ready }
}

async function browse(port: number, requests: number) {
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < requests; i++) {
    const response = await fetch(`${base}/api/products?limit=24&offset=${(i * 24) % 72}`)
    if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`)
    const { products } = (await response.json()) as { products: { id: string }[] }
    if (products[0]) await (await fetch(`${base}/api/products/${products[0].id}`)).arrayBuffer()
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once("exit", resolve))
  child.kill("SIGINT")
  await exited
}

/** The shop the start command runs, as the benchmarks run on it see it: its BFF and Medusa (found among the start command's children) and the embedded database. */
function shopUnderTest(child: ChildProcess, env: NodeJS.ProcessEnv): DropTarget {
  const bffPid = findInTree(child.pid!, (command) => command.includes("src/main.ts"))
  const medusaPid = findInTree(child.pid!, (command) => command.includes("medusa start"))
  if (!bffPid || !medusaPid) throw new Error("the BFF or Medusa was not found among the start command's processes")
  return {
    label: "the start command's default: embedded PostgreSQL, no Redis",
    origin: `http://127.0.0.1:${env.PORT}`,
    medusaOrigin: `http://127.0.0.1:${env.MEDUSA_PORT}`,
    databaseUrl: embeddedDatabaseUrl(Number(env.EMBEDDED_PG_PORT)),
    bffPid,
    medusaPid,
    ...(env.SHIPROCKET_WEBHOOK_TOKEN ? { shiprocketWebhookToken: env.SHIPROCKET_WEBHOOK_TOKEN } : {}),
  }
}

/** What a benchmark run on the started shop does with it (the drop, the order messages), once its memory is measured. */
export type OnShop<D> = (shop: DropTarget) => Promise<D>

/** Starts the shop, browses, measures its memory, then (when given) runs `then` on it before stopping it. */
async function run<D>(env: NodeJS.ProcessEnv, port: number, then?: OnShop<D>): Promise<Run & { then?: D }> {
  const { child, ready } = startShop(env)
  try {
    const seconds = await ready
    await browse(port, 40)
    const memoryMb = treeResidentMb(child.pid!)
    return { seconds, memoryMb, then: await then?.(shopUnderTest(child, env)) }
  } finally {
    await stop(child)
  }
}

export type StartupBench = { cold: Run; warm: Run; warmTargetS: number; memoryTargetMb: number }

/**
 * Cold and warm start of `npm start` on a fresh embedded PostgreSQL, and the stack's memory after traffic;
 * `onShop` runs on the warm-started shop once its memory is measured. With `startupFigures: false` the shop
 * starts once (without the FITFEED demo, which only slows the start) just for `onShop`.
 */
export async function benchStartup<D>({ onShop, startupFigures = true }: { onShop?: OnShop<D>; startupFigures?: boolean } = {}): Promise<{
  startup?: StartupBench
  onShop?: D
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "fitshop-bench-pg-"))
  const mediaDir = await mkdtemp(path.join(tmpdir(), "fitshop-bench-media-"))
  const [port, medusaPort, pgPort, internalPort] = [await freePort(), await freePort(), await freePort(), await freePort()]
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: "",
    REDIS_URL: "",
    PORT: String(port),
    INTERNAL_PORT: String(internalPort),
    MEDUSA_PORT: String(medusaPort),
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_PG_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    LOG_LEVEL: "warn",
    // Known to the bench, so it can send the courier's webhooks as Shiprocket does (the emulator takes it too).
    SHIPROCKET_WEBHOOK_TOKEN: randomBytes(24).toString("hex"),
  }
  delete env.DATABASE_URL
  delete env.REDIS_URL
  try {
    if (!startupFigures) return { onShop: (await run({ ...env, FITFEED_DEMO: "off" }, port, onShop)).then }
    const cold = await run(env, port)
    const { then: measured, ...warm } = await run(env, port, onShop)
    return { startup: { cold, warm, warmTargetS: WARM_TARGET_S, memoryTargetMb: MEMORY_TARGET_MB }, onShop: measured }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
    await rm(mediaDir, { recursive: true, force: true })
  }
}
