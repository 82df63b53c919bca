import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import pg from "pg"
import { migrate as migrateBff } from "../../bff/src/lib/migrate.js"
import { embeddedPort, ensureDatabase, startEmbeddedPostgres, type Database } from "./database.js"
import { BIN, COMMERCE, ROOT, VAR } from "./paths.js"
import { run } from "./processes.js"
import { hashInputs, readStamp } from "./stamps.js"

export type Log = (line: string) => void

/** The database named by DATABASE_URL, or the embedded one when it is not set. */
export async function prepareDatabase(log: Log): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (url) {
    await ensureDatabase(url)
    return { url, embedded: false, stop: async () => undefined }
  }
  return startEmbeddedPostgres(embeddedPort(), log)
}

export type Secrets = { jwtSecret: string; cookieSecret: string; internalSecret: string; authTokenSecret: string }

const SECRET_NAMES: (keyof Secrets)[] = ["jwtSecret", "cookieSecret", "internalSecret", "authTokenSecret"]

export function randomSecrets(): Secrets {
  return Object.fromEntries(SECRET_NAMES.map((name) => [name, randomBytes(32).toString("hex")])) as Secrets
}

/** Development secrets made once per checkout (and topped up when a new one appears), so sessions survive a restart. */
export async function localSecrets(): Promise<Secrets> {
  const file = path.join(VAR, "secrets.json")
  const existing = await readFile(file, "utf8").then(
    (text) => JSON.parse(text) as Partial<Secrets>,
    (): Partial<Secrets> => ({}),
  )
  if (SECRET_NAMES.every((name) => existing[name])) return existing as Secrets
  const secrets = { ...randomSecrets(), ...existing }
  await mkdir(VAR, { recursive: true })
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  return secrets
}

/** The BFF's listener for commerce (`/api/internal/*`): INTERNAL_PORT, or the port after the shop's, as the BFF defaults it. */
export function bffInternalPort(base: NodeJS.ProcessEnv, port = Number(base.PORT || 8080)): number {
  return Number(base.INTERNAL_PORT || port + 1)
}

export function commerceEnv(base: NodeJS.ProcessEnv, databaseUrl: string, secrets: Secrets): NodeJS.ProcessEnv {
  const medusaPort = base.MEDUSA_PORT || "9000"
  return {
    ...base,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    PORT: medusaPort,
    MEDUSA_BACKEND_URL: base.MEDUSA_BACKEND_URL || `http://localhost:${medusaPort}`,
    MEDUSA_DISABLE_TELEMETRY: "true",
    JWT_SECRET: base.JWT_SECRET || secrets.jwtSecret,
    COOKIE_SECRET: base.COOKIE_SECRET || secrets.cookieSecret,
    INTERNAL_API_SECRET: base.INTERNAL_API_SECRET || secrets.internalSecret,
    // Where commerce's subscribers tell the BFF about catalogue changes.
    BFF_INTERNAL_URL: base.BFF_INTERNAL_URL || `http://127.0.0.1:${bffInternalPort(base)}`,
    MEDIA_DIR: base.MEDIA_DIR || path.join(VAR, "media"),
  }
}

/**
 * The BFF's environment beside a Medusa started with `commerceEnv`. Development mode (its dev outbox and the payment
 * and shipping emulators) is asked for here, explicitly: the BFF itself defaults to production. It needs a loopback
 * HOST, which the BFF defaults to.
 */
export function bffEnv(base: NodeJS.ProcessEnv, commerce: NodeJS.ProcessEnv, secrets: Secrets, port: number): NodeJS.ProcessEnv {
  return {
    ...base,
    NODE_ENV: base.NODE_ENV === "production" ? "production" : "development",
    DATABASE_URL: commerce.DATABASE_URL,
    PORT: String(port),
    INTERNAL_PORT: String(bffInternalPort(base, port)),
    MEDUSA_URL: `http://127.0.0.1:${commerce.PORT}`,
    MEDIA_DIR: commerce.MEDIA_DIR,
    PUBLIC_URL: base.PUBLIC_URL || `http://localhost:${port}`,
    INTERNAL_API_SECRET: commerce.INTERNAL_API_SECRET,
    AUTH_TOKEN_SECRET: base.AUTH_TOKEN_SECRET || secrets.authTokenSecret,
    TRUSTED_ORIGINS: base.TRUSTED_ORIGINS || `http://127.0.0.1:${port},http://localhost:5173,http://localhost:5174`,
  }
}

/** Runs `work` on one connection to the database at `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function readSetupState(url: string, key: string): Promise<string | undefined> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ value: string }>("select value from bff.setup_state where key = $1", [key])
    return rows[0]?.value
  })
}

async function writeSetupState(url: string, key: string, value: string): Promise<void> {
  await withClient(url, (client) =>
    client.query(
      `insert into bff.setup_state (key, value) values ($1, $2)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [key, value],
    ),
  )
}

/** BFF migrations always (cheap); Medusa's only when its inputs changed since the last run on this database. */
export async function migrateAll(env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  const url = env.DATABASE_URL!
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  try {
    await migrateBff(pool)
  } finally {
    await pool.end()
  }
  const stamp = await hashInputs(["package-lock.json", "medusa-config.ts", "src/modules", "src/links"].map((entry) => path.join(COMMERCE, entry)))
  if ((await readSetupState(url, "medusa-migrations")) === stamp) return
  log("migrating the commerce database (first start or Medusa changed)…")
  await run(BIN.medusa, ["db:migrate"], { cwd: COMMERCE, env, label: "medusa db:migrate" })
  await writeSetupState(url, "medusa-migrations", stamp)
}

export async function productCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ count: string }>("select count(*) from public.product where deleted_at is null")
    return Number(rows[0]?.count ?? 0)
  })
}

/**
 * The environment for a seed script: without Redis or the BFF, so the thousands of product, price and
 * stock events a seed makes are neither queued in Redis nor replayed into the BFF once Medusa starts
 * (the BFF builds its read model from Medusa when it starts; replayed, they kept it busy for minutes). The
 * start, dev, test and bench commands run a demo shop, so they ask for the demo accounts too, and run the seed
 * in development mode: the demo seed refuses production (a production database is set up by commerce's setup.ts).
 */
export function seedEnvOf(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const seedEnv: NodeJS.ProcessEnv = { ...env, NODE_ENV: "development", BFF_INTERNAL_URL: "", SEED_DEMO_ACCOUNTS: "on" }
  delete seedEnv.REDIS_URL
  return seedEnv
}

export async function seed(env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  log("seeding the demo catalogue…")
  await run(BIN.medusa, ["exec", "./src/scripts/seed.ts"], { cwd: COMMERCE, env: seedEnvOf(env), label: "seed" })
}

/** Builds `what` unless its stamp says these inputs were built already, in this `variant` (a build mode) when given. */
async function buildIfStale(what: string, inputs: string[], stampFile: string, build: () => Promise<void>, log: Log, variant?: string) {
  const stamp = [await hashInputs(inputs), variant].filter(Boolean).join(":")
  if (existsSync(stampFile) && (await readStamp(stampFile)) === stamp) return
  log(`building ${what}…`)
  const started = Date.now()
  await build()
  await mkdir(path.dirname(stampFile), { recursive: true })
  await writeFile(stampFile, stamp)
  log(`built ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/** Where `medusa start` runs: the build (which serves the dashboard) when the admin is on, else the sources. */
export function commerceRunDir(adminEnabled: boolean): string {
  return adminEnabled ? path.join(COMMERCE, ".medusa", "server") : COMMERCE
}

/** Medusa's server build and admin dashboard, built once and again only when commerce changed. */
export async function buildCommerceIfStale(env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  const inputs = ["package-lock.json", "medusa-config.ts", "tsconfig.json", "src"].map((entry) => path.join(COMMERCE, entry))
  await buildIfStale(
    "Medusa's admin dashboard",
    inputs,
    // Outside .medusa/server, which every build empties.
    path.join(COMMERCE, ".medusa", "fitshop-build.stamp"),
    () => run(BIN.medusa, ["build"], { cwd: COMMERCE, env, label: "medusa build" }),
    log,
  )
}

/**
 * The storefront's and admin console's production bundles, rebuilt when their sources changed: the storefront's
 * are its browser build and its server render (its build:bundles script; the stamp goes beside the second).
 */
export async function buildFrontEndsIfStale(log: Log): Promise<void> {
  for (const app of ["storefront", "admin"]) {
    const dir = path.join(ROOT, app)
    const inputs = ["src", "build", "public", "index.html", "vite.config.ts", "package.json", "tsconfig.json"].map((entry) => path.join(dir, entry))
    const storefront = app === "storefront"
    await buildIfStale(
      storefront ? "the storefront" : "the admin console",
      // The shared workspaces are part of each bundle (or make it), so a change there rebuilds them too.
      [...inputs, path.join(ROOT, "package-lock.json"), ...["vite-plugins", "contracts", "web-client"].map((workspace) => path.join(ROOT, workspace, "src"))],
      path.join(dir, storefront ? "dist-server" : "dist", ".build-stamp"),
      () =>
        storefront
          ? run("npm", ["run", "build:bundles"], { cwd: dir, env: process.env, label: "storefront build" })
          : run(BIN.vite, ["build"], { cwd: dir, env: process.env, label: `${app} build` }),
      log,
      // NODE_ENV=development (the journeys' stack) makes Vite build React's development bundle: not to be reused by `npm start`.
      process.env.NODE_ENV === "development" ? "development" : "production",
    )
  }
}
