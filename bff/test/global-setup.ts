import { randomBytes } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import type { TestProject } from "vitest/node"
import { ensureDatabase } from "../../scripts/lib/database.js"
import { BIN, COMMERCE } from "../../scripts/lib/paths.js"
import { freePort } from "../../scripts/lib/ports.js"
import { startService, stopAll, waitForHttp } from "../../scripts/lib/processes.js"
import { commerceEnv, migrateAll, randomSecrets, seed } from "../../scripts/lib/stack.js"

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string
    redisUrl: string
    medusaUrl: string
    mediaDir: string
    internalSecret: string
    authTokenSecret: string
    noticesPort: number
    /** What the run's Medusa logs (its request lines name the BFF's request ids). */
    medusaLogFile: string
  }
}

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL || "postgres://postgres@127.0.0.1:5432"

async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1)
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` })
  await admin.connect()
  try {
    await admin.query(`drop database if exists "${name}" with (force)`)
  } finally {
    await admin.end()
  }
}

/** A throwaway database, migrated and seeded, and a real Medusa on it for the whole run. */
export default async function setup(project: TestProject) {
  const databaseUrl = `${SERVER_URL}/fitshop_bff_test_${randomBytes(4).toString("hex")}`
  const mediaDir = await mkdtemp(path.join(tmpdir(), "fitshop-media-"))
  const medusaLogFile = `${mediaDir}-medusa.log`
  const medusaPort = await freePort()
  const noticesPort = await freePort()
  const log = () => undefined
  const secrets = randomSecrets()
  await ensureDatabase(databaseUrl)
  try {
    const env = {
      ...commerceEnv({ ...process.env, MEDUSA_PORT: String(medusaPort), MEDIA_DIR: mediaDir }, databaseUrl, secrets),
      DISABLE_ADMIN: "true",
      REDIS_URL: "",
      // Each test app refreshes its own read model: Medusa's notices go to a port nobody listens on, except a
      // test that opens it to receive one (test/medusa-notices.ts).
      BFF_INTERNAL_URL: `http://127.0.0.1:${noticesPort}`,
    }
    await migrateAll(env, log)
    await seed(env, log)
    const medusa = startService(BIN.medusa, ["start"], { cwd: COMMERCE, env, label: "medusa(test)", logFile: medusaLogFile })
    const medusaUrl = `http://127.0.0.1:${medusaPort}`
    await waitForHttp(`${medusaUrl}/health`, "Medusa", 120_000, medusa)
    project.provide("databaseUrl", databaseUrl)
    project.provide("redisUrl", process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379")
    project.provide("medusaUrl", medusaUrl)
    project.provide("mediaDir", mediaDir)
    project.provide("internalSecret", secrets.internalSecret)
    project.provide("authTokenSecret", secrets.authTokenSecret)
    project.provide("noticesPort", noticesPort)
    project.provide("medusaLogFile", medusaLogFile)
  } catch (error) {
    await stopAll()
    await dropDatabase(databaseUrl)
    throw error
  }
  return async () => {
    await stopAll()
    await dropDatabase(databaseUrl)
    await rm(mediaDir, { recursive: true, force: true })
    await rm(medusaLogFile, { force: true })
  }
}
