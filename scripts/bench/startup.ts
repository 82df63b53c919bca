import { spawn, type ChildProcess } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { ROOT } from "../lib/paths.js"
import { freePort } from "../lib/ports.js"
import { treeResidentMb } from "./process-tree.js"

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
  const exited = new Promise((resolve) => child.once("exit", resolve))
  child.kill("SIGINT")
  await exited
}

async function run(env: NodeJS.ProcessEnv, port: number): Promise<Run> {
  const { child, ready } = startShop(env)
  const seconds = await ready
  await browse(port, 40)
  const memoryMb = treeResidentMb(child.pid!)
  await stop(child)
  return { seconds, memoryMb }
}

export type StartupBench = { cold: Run; warm: Run; warmTargetS: number; memoryTargetMb: number }

/** Cold and warm start of `npm start` on a fresh embedded PostgreSQL, and the stack's memory after traffic. */
export async function benchStartup(): Promise<StartupBench> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "fitshop-bench-pg-"))
  const mediaDir = await mkdtemp(path.join(tmpdir(), "fitshop-bench-media-"))
  const [port, medusaPort, pgPort] = [await freePort(), await freePort(), await freePort()]
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: "",
    REDIS_URL: "",
    PORT: String(port),
    MEDUSA_PORT: String(medusaPort),
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_PG_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    LOG_LEVEL: "warn",
  }
  delete env.DATABASE_URL
  delete env.REDIS_URL
  try {
    const cold = await run(env, port)
    const warm = await run(env, port)
    return { cold, warm, warmTargetS: WARM_TARGET_S, memoryTargetMb: MEMORY_TARGET_MB }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
    await rm(mediaDir, { recursive: true, force: true })
  }
}

