import { existsSync, mkdtempSync } from "node:fs"
import { copyFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { inStage, shell, stagedBuild, stageEnv, type StageResult } from "./images/staged-build.js"

/**
 * Both images built without a Docker daemon (tests/images/staged-build.ts): every stage staged from the context
 * .dockerignore leaves and the COPY lines, and its RUN steps run, then what the image holds is checked. Minutes, not
 * seconds: real installs and real builds.
 *
 * The installs are the Dockerfiles' own `npm install`, preferring this machine's npm cache, but each starts from the
 * checkout's node_modules (hard links): from nothing they took 197 s (the BFF's) and about 170 s (commerce's) on our
 * two shared cores, over half of this test and too much for `npm test`. Seeded, npm still makes the tree what the
 * lockfile says and fails as the image's install would when package.json and the lockfile disagree; what it cannot show
 * is a package the registry no longer serves. IMAGES_FRESH_INSTALL=1 installs from nothing.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const BUILD_TIMEOUT_MS = 30 * 60_000

/** What a node image's steps start from, plus what this machine needs: its PATH (node, npm, sh) and npm's cache in HOME. */
const BASE_ENV: Record<string, string> = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "/root",
  ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}),
  npm_config_prefer_offline: "true",
  // A failed step's output is read in a test report, not a terminal.
  NO_COLOR: "1",
}

const scratch = mkdtempSync(path.join(tmpdir(), "fitshop-images-"))
// Gigabytes of node_modules: removing them takes a while on a busy disk.
afterAll(() => rm(scratch, { recursive: true, force: true }), 5 * 60_000)

/** The checkout's node_modules to start an install from, unless asked to install from nothing. */
const seedFrom = (folder: string) => (process.env.IMAGES_FRESH_INSTALL ? undefined : path.join(ROOT, folder, "node_modules"))

const stageNamed = (stages: StageResult[], name: string) => stages.find((stage) => stage.name === name)!

/** One line a stage, with its RUN steps' times: CI time matters, and these are the slow part of `npm test`. */
function reportTimes(image: string, stages: StageResult[], seconds: number) {
  const lines = stages.flatMap((stage) => stage.steps.map((step) => `  ${stage.name}: ${step.seconds.toFixed(1)} s  ${step.command.slice(0, 90)}`))
  process.stdout.write(`${image} staged and built in ${seconds.toFixed(0)} s\n${lines.join("\n")}\n`)
}

describe("bff/Dockerfile", () => {
  it(
    "builds both front ends (the storefront within its JavaScript budget), and the BFF's modules and server render load from the image's files",
    async () => {
      const started = Date.now()
      const stages = await stagedBuild({
        context: ROOT,
        dockerfile: "bff/Dockerfile",
        into: path.join(scratch, "bff"),
        baseEnv: BASE_ENV,
        seedNodeModules: seedFrom("."),
      })
      reportTimes("bff/Dockerfile", stages, (Date.now() - started) / 1000)

      // The storefront's build script ends with the budget check, which prints this line only when it passes.
      expect(stageNamed(stages, "build").output).toMatch(/✔ storefront JavaScript for the first page: [\d.]+ KB gzip .*budget 120 KB/)
      const image = stages.at(-1)!
      for (const file of [
        "storefront/dist/index.html",
        "storefront/dist/sw.js",
        "storefront/dist-server/entry-server.js",
        "admin/dist/index.html",
        "bff/migrations",
      ]) {
        expect(existsSync(inStage(image, file)), file).toBe(true)
      }
      // The emulators are development's (emulators/, mounted by its own entry): the production image has none of them.
      for (const folder of ["emulators", "bff/src/emulators"]) expect(existsSync(inStage(image, folder)), folder).toBe(false)

      // As the image's CMD starts it (node --import tsx), from the image's own node_modules, in production.
      const loader = inStage(image, ".load-bff.ts")
      await copyFile(path.join(ROOT, "tests", "images", "load-bff.ts"), loader)
      const loaded = await shell(`node --import tsx ${loader}`, inStage(image, "."), stageEnv(image, BASE_ENV))
      expect(JSON.parse(loaded.trim().split("\n").at(-1)!)).toEqual({ modules: expect.any(Number) as number, renderer: "function" })
    },
    BUILD_TIMEOUT_MS,
  )
})

describe("commerce/Dockerfile", () => {
  it(
    "installs from commerce's lockfile and runs medusa build, leaving the server the image starts",
    async () => {
      const started = Date.now()
      const stages = await stagedBuild({
        context: ROOT,
        dockerfile: "commerce/Dockerfile",
        into: path.join(scratch, "commerce"),
        baseEnv: BASE_ENV,
        seedNodeModules: seedFrom("commerce"),
      })
      reportTimes("commerce/Dockerfile", stages, (Date.now() - started) / 1000)

      const image = stages.at(-1)!
      expect(image.workdir).toBe("/app/.medusa/server")
      for (const file of ["package.json", "medusa-config.js", "public/admin/index.html", "src/scripts/migrate-under-lock.js"])
        expect(existsSync(inStage(image, file)), file).toBe(true)
    },
    BUILD_TIMEOUT_MS,
  )
})
