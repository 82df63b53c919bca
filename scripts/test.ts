import { spawn, type ChildProcess } from "node:child_process"
import { COMMERCE, ROOT } from "./lib/paths.js"

type Step = { name: string; command: string; args: string[]; cwd?: string }

/**
 * Every check the project has, in two lanes side by side. The BFF's suite (the longest) spends much of its time
 * waiting on Medusa and PostgreSQL, which leaves room for everything else in the other lane, in order. The lanes
 * share nothing: the BFF's tests use their own database, Medusa, Redis key prefixes and front-end folders
 * (bff/test/app.ts), never the builds the second lane makes. The first failure stops both.
 */
const lanes: Step[][] = [
  [{ name: "bff tests (real Medusa, PostgreSQL, Redis)", command: "npm", args: ["test", "-w", "@fitshop/bff"] }],
  [
    { name: "typecheck", command: "npm", args: ["run", "typecheck"] },
    { name: "lint", command: "npm", args: ["run", "lint"] },
    { name: "formatting (Prettier)", command: "npm", args: ["run", "format:check"] },
    { name: "commerce unit tests", command: "npx", args: ["vitest", "run"], cwd: COMMERCE },
    // Builds both images too (tests/images.test.ts): the BFF image's storefront build is held to its JavaScript budget.
    { name: "repository and contracts tests", command: "npx", args: ["vitest", "run", "--root", ROOT] },
    { name: "storefront tests", command: "npm", args: ["test", "-w", "@fitshop/storefront"] },
    { name: "admin tests", command: "npm", args: ["test", "-w", "@fitshop/admin"] },
    // The journeys' start command builds the front ends when they are stale.
    { name: "journeys in Chromium", command: "npx", args: ["playwright", "test"] },
  ],
]

const running = new Set<ChildProcess>()
/** Set by the first failing step: nothing new starts after it. */
let failed = false
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1)

/**
 * Runs one step with its output held back and written whole when it ends, so two lanes' logs never interleave.
 * Resolves whether it passed.
 */
function runStep(step: Step): Promise<boolean> {
  const t0 = Date.now()
  process.stdout.write(`▸ ${step.name}: started\n`)
  // Its own process group, so a failure elsewhere can stop it with everything it started (Medusa, Chromium).
  const child = spawn(step.command, step.args, { cwd: step.cwd ?? ROOT, env: process.env, stdio: ["ignore", "pipe", "pipe"], detached: true })
  running.add(child)
  const output: Buffer[] = []
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk))
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk))
  return new Promise((resolve) => {
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)))
    child.on("close", (code) => {
      running.delete(child)
      process.stdout.write(`\n━━ ${step.name}\n`)
      process.stdout.write(Buffer.concat(output))
      if (code === 0) process.stdout.write(`✔ ${step.name} (${seconds(t0)} s)\n`)
      else if (failed) process.stdout.write(`◼ ${step.name}: stopped after ${seconds(t0)} s, as another check failed\n`)
      else process.stderr.write(`\n✖ ${step.name} failed after ${seconds(t0)} s\n`)
      resolve(code === 0)
    })
  })
}

/** Stops the other lane's step (its whole process group) once one has failed. */
function stopRunning() {
  for (const child of running) {
    try {
      process.kill(-child.pid!, "SIGTERM")
    } catch {
      // Already gone.
    }
  }
}

async function runLane(steps: Step[]) {
  for (const step of steps) {
    if (failed) return
    if (!(await runStep(step))) {
      failed = true
      stopRunning()
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopRunning()
    process.exit(1)
  })
}

const started = Date.now()
await Promise.all(lanes.map(runLane))
if (failed) process.exit(1)
process.stdout.write(`\nAll checks passed in ${seconds(started).split(".")[0]} s\n`)
