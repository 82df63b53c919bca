import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { inTransaction, UNLIMITED_STATEMENTS, type Db } from "./db.js"

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "migrations")
// Any constant works; it only has to be the same for every replica of the BFF.
const MIGRATION_LOCK_ID = 726_410_001

/** Applies the numbered SQL files not yet applied, each in its own transaction, one replica at a time. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name)).sort()
  const client = await db.connect()
  const applied: string[] = []
  try {
    // A migration may rewrite a large table, and another replica waits here for as long as that takes.
    await client.query(UNLIMITED_STATEMENTS)
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID])
    await client.query("create schema if not exists bff")
    await client.query("create table if not exists bff.schema_migrations (version text primary key, applied_at timestamptz not null default now())")
    const { rows } = await client.query<{ version: string }>("select version from bff.schema_migrations")
    const done = new Set(rows.map((row) => row.version))
    for (const file of files) {
      if (done.has(file)) continue
      const sql = await readFile(path.join(dir, file), "utf8")
      try {
        await inTransaction(client, async (tx) => {
          await tx.query(sql)
          await tx.query("insert into bff.schema_migrations (version) values ($1)", [file])
        })
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`)
      }
      applied.push(file)
    }
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined)
    // The connection goes back without its lifted limit: closed, the pool opens a fresh one when needed.
    client.release(true)
  }
  return applied
}
