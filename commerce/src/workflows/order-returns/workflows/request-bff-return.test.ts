import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import path from "node:path"
import { promisify } from "node:util"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const run = promisify(execFile)
const COMMERCE = path.resolve(__dirname, "../../../..")
const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL || "postgres://postgres@127.0.0.1:5432"
const DATABASE = `fitshop_commerce_test_${randomBytes(4).toString("hex")}`

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: `${SERVER_URL}/postgres` })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

const env = {
  ...process.env,
  DATABASE_URL: `${SERVER_URL}/${DATABASE}`,
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  REDIS_URL: "",
  DISABLE_ADMIN: "true",
  MEDUSA_DISABLE_TELEMETRY: "true",
}
const medusa = (args: string[]) => run(path.join(COMMERCE, "node_modules/.bin/medusa"), args, { cwd: COMMERCE, env, maxBuffer: 64 * 1024 * 1024 })

beforeAll(async () => {
  await admin(`create database "${DATABASE}"`)
  await medusa(["db:migrate"])
}, 300_000)
afterAll(() => admin(`drop database if exists "${DATABASE}" with (force)`))

describe("requestBffReturnWorkflow", () => {
  it("undoes the return it began when Medusa refuses its items, leaving the order free", async () => {
    const { stdout } = await medusa(["exec", "./integration-tests/undo-half-made-return.ts"])
    const line = stdout.split("\n").find((candidate) => candidate.startsWith("UNDO-RESULT "))
    expect(line, stdout).toBeDefined()
    const result = JSON.parse(line!.slice("UNDO-RESULT ".length)) as { error: string | null; returns: unknown[]; changes: unknown[]; activeChange: unknown }
    expect(result.error).toEqual(expect.any(String))
    expect(result.returns).toEqual([])
    expect(result.changes).toEqual([])
    expect(result.activeChange).toBeNull()
  }, 300_000)
})
