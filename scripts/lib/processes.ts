import { spawn, type ChildProcess } from "node:child_process"
import { closeSync, openSync } from "node:fs"
import { SetupError } from "./fail.js"

const children = new Set<ChildProcess>()

export type RunOptions = {
  cwd: string
  env: NodeJS.ProcessEnv
  label: string
  quiet?: boolean
  /** A long-running service's output goes to this file instead (tests read what it logged). */
  logFile?: string
}

function prefixLines(label: string, stream: NodeJS.WritableStream) {
  let pending = ""
  return (chunk: Buffer) => {
    pending += chunk.toString()
    const lines = pending.split("\n")
    pending = lines.pop() ?? ""
    for (const line of lines) stream.write(`[${label}] ${line}\n`)
  }
}

/** Runs a command to completion; its output is shown only when it fails (or always, unless quiet). */
export function run(command: string, args: string[], { cwd, env, label, quiet = true }: RunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
    children.add(child)
    const output: Buffer[] = []
    const onData = quiet ? (chunk: Buffer) => output.push(chunk) : prefixLines(label, process.stdout)
    child.stdout.on("data", onData)
    child.stderr.on("data", onData)
    child.on("error", (error) => reject(new SetupError(`${label}: ${error.message}`)))
    child.on("exit", (code, signal) => {
      children.delete(child)
      if (code === 0) return resolve()
      if (quiet) process.stderr.write(Buffer.concat(output).toString().split("\n").slice(-40).join("\n") + "\n")
      reject(new SetupError(`${label} failed (${signal ?? `exit ${code}`})`))
    })
  })
}

/** Starts a long-running service whose output is prefixed with its label. */
export function startService(command: string, args: string[], { cwd, env, label, quiet = false, logFile }: RunOptions): ChildProcess {
  const output = logFile ? openSync(logFile, "a") : quiet ? "ignore" : "pipe"
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", output, output] })
  if (typeof output === "number") closeSync(output)
  children.add(child)
  child.stdout?.on("data", prefixLines(label, process.stdout))
  child.stderr?.on("data", prefixLines(label, process.stderr))
  child.on("exit", () => children.delete(child))
  return child
}

/** Stops one child: SIGTERM, then SIGKILL after the grace period. */
export function stopService(child: ChildProcess, graceMs = 8000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs)
    child.once("exit", () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill("SIGTERM")
  })
}

/** Stops every child this process started. */
export async function stopAll(graceMs = 8000): Promise<void> {
  await Promise.all([...children].map((child) => stopService(child, graceMs)))
}

export async function waitForHttp(url: string, what: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new SetupError(`${what} exited (code ${child.exitCode}) before it was ready`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new SetupError(`${what} was not ready at ${url} within ${Math.round(timeoutMs / 1000)} s`)
}
