import { spawn, type ChildProcess } from "node:child_process"
import { request as httpRequest, type RequestListener } from "node:http"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { DEV_BFF_ENTRY } from "../../scripts/lib/paths.js"
import { freePort } from "../../scripts/lib/ports.js"
import { waitForHttp } from "../../scripts/lib/processes.js"
import { runEnvironment } from "./app.js"

const BFF_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

/** One pino line of a BFF process's log. */
export type LogLine = { msg?: string; level?: number; [field: string]: unknown }

/**
 * A BFF started as `npm start` starts it (`node --import tsx emulators/src/main.ts`: the BFF with the emulators mounted),
 * in an OS process of its own, against the run's PostgreSQL, Redis and Medusa, with its background work (job and mail
 * workers, schedules) running.
 * `listener` forwards to its public port, so supertest and the tests' helpers can talk to it as to an app.
 */
export type BffProcess = {
  origin: string
  internalOrigin: string
  listener: RequestListener
  /** Its log so far, one parsed line each. */
  log: () => LogLine[]
  stop: () => Promise<void>
}

/** Forwards every request to `origin`, so helpers written for an in-process app reach a real process instead. */
export function forwardTo(origin: string): RequestListener {
  const target = new URL(origin)
  return (req, res) => {
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on("error", () => res.destroy())
    req.pipe(upstream)
  }
}

/** Starts a BFF process; `env` adds to or overrides the run's settings (REDIS_KEY_PREFIX for replicas that share Redis). */
export async function startBffProcess(env: Record<string, string> = {}): Promise<BffProcess> {
  const [port, internalPort] = [await freePort(), await freePort()]
  const origin = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", DEV_BFF_ENTRY], {
    cwd: BFF_DIR,
    // Only what it needs from this process: nothing of the developer's shell (SMTP_URL, real gateway keys) leaks in.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      ...runEnvironment(),
      HOST: "127.0.0.1",
      PORT: String(port),
      INTERNAL_PORT: String(internalPort),
      PUBLIC_URL: origin,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const lines: LogLine[] = []
  let pending = ""
  child.stdout!.on("data", (chunk: Buffer) => {
    pending += chunk.toString()
    const complete = pending.split("\n")
    pending = complete.pop() ?? ""
    for (const line of complete) {
      try {
        lines.push(JSON.parse(line) as LogLine)
      } catch {
        lines.push({ msg: line })
      }
    }
  })
  const errors: string[] = []
  child.stderr!.on("data", (chunk: Buffer) => errors.push(chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))

  async function stop() {
    if (child.exitCode !== null || child.signalCode !== null) return
    const kill = setTimeout(() => child.kill("SIGKILL"), 12_000)
    child.kill("SIGTERM")
    await exited
    clearTimeout(kill)
  }

  try {
    await waitForHttp(`${origin}/api/health`, `BFF process on port ${port}`, 60_000, child)
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n${errors.join("").slice(-2000)}`, { cause: error })
  }
  return { origin, internalOrigin: `http://127.0.0.1:${internalPort}`, listener: forwardTo(origin), log: () => [...lines], stop }
}
