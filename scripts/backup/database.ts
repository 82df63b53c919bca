import pg from "pg"
import { embeddedDatabaseUrl, embeddedPort } from "../lib/database.js"
import { SetupError } from "../lib/fail.js"

/** The schemas the shop keeps: Medusa's tables in public, the BFF's in bff. */
const SHOP_SCHEMAS = ["public", "bff"]

const hostOf = (url: string) => {
  const parsed = new URL(url)
  return `${parsed.hostname}:${parsed.port || 5432}`
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** DATABASE_URL, or the embedded database `npm start` runs; its server's major version. Refuses one that does not answer. */
export async function databaseToBackUp(): Promise<{ url: string; serverMajor: number }> {
  const url = process.env.DATABASE_URL || embeddedDatabaseUrl(embeddedPort())
  try {
    const serverMajor = await withClient(url, async (client) => {
      const { rows } = await client.query<{ version: string }>("select current_setting('server_version_num') as version")
      return Math.floor(Number(rows[0]!.version) / 10_000)
    })
    return { url, serverMajor }
  } catch (error) {
    if (process.env.DATABASE_URL) throw new SetupError(`Cannot reach the database at ${hostOf(url)}: ${(error as Error).message}`)
    throw new SetupError(
      `DATABASE_URL is not set and the embedded database (${hostOf(url)}) is not running: start the shop with \`npm start\`, or set DATABASE_URL`,
    )
  }
}

/** How many tables (and the bff schema itself) the database already holds where a restore would put the shop's. */
export async function shopObjectsIn(url: string): Promise<{ tables: number; bffSchema: boolean }> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ tables: number; bff_schema: boolean }>(
      `select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')) as tables,
              exists (select 1 from pg_namespace where nspname = 'bff') as bff_schema`,
      [SHOP_SCHEMAS],
    )
    return { tables: rows[0]!.tables, bffSchema: rows[0]!.bff_schema }
  })
}

/** Each named table's rows (`schema.table`), counted as backup.sh counts them. */
export async function rowCountsIn(url: string, tables: string[]): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    const counts: Record<string, number> = {}
    for (const table of tables) {
      const { rows } = await client.query<{ n: string | null }>(
        "select (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %s', to_regclass($1)), false, true, '')))[1]::text as n where to_regclass($1) is not null",
        [table],
      )
      counts[table] = Number(rows[0]?.n ?? 0)
    }
    return counts
  })
}
