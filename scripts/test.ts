import { spawnSync } from "node:child_process"
import { COMMERCE, ROOT } from "./lib/paths.js"

type Step = { name: string; command: string; args: string[]; cwd?: string }

/** Every check the project has, in order; stops at the first failure. */
const steps: Step[] = [
  { name: "typecheck", command: "npm", args: ["run", "typecheck"] },
  { name: "lint", command: "npm", args: ["run", "lint"] },
  { name: "formatting (Prettier)", command: "npm", args: ["run", "format:check"] },
  { name: "commerce unit tests", command: "npx", args: ["vitest", "run"], cwd: COMMERCE },
  { name: "repository and contracts tests", command: "npx", args: ["vitest", "run", "--root", ROOT] },
  { name: "storefront tests", command: "npm", args: ["test", "-w", "@fitshop/storefront"] },
  { name: "admin tests", command: "npm", args: ["test", "-w", "@fitshop/admin"] },
  { name: "bff tests (real Medusa, PostgreSQL, Redis)", command: "npm", args: ["test", "-w", "@fitshop/bff"] },
  { name: "storefront build within its JavaScript budget", command: "npm", args: ["run", "build", "-w", "@fitshop/storefront"] },
  // The journeys' start command builds the front ends when they are stale.
  { name: "journeys in Chromium", command: "npx", args: ["playwright", "test"] },
]

const started = Date.now()
for (const step of steps) {
  process.stdout.write(`\n━━ ${step.name}\n`)
  const t0 = Date.now()
  const result = spawnSync(step.command, step.args, { cwd: step.cwd ?? ROOT, stdio: "inherit", env: process.env })
  const took = ((Date.now() - t0) / 1000).toFixed(1)
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${step.name} failed after ${took} s\n`)
    process.exit(result.status ?? 1)
  }
  process.stdout.write(`✔ ${step.name} (${took} s)\n`)
}
process.stdout.write(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`)
