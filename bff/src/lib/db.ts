import pg from "pg"

export type Db = pg.Pool

export function createDb(databaseUrl: string): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // A client losing its connection (idle, or checked out by a long job when the server goes away) must not
  // crash the process: its query fails, which the caller handles, and the pool opens a new one.
  pool.on("error", () => undefined)
  pool.on("connect", (client) => client.on("error", () => undefined))
  return pool
}

const statementNames = new Map<string, string>()

/**
 * A named statement: each pooled connection parses and plans it once, then only binds values. For
 * hot read paths whose SQL text comes from a bounded set of shapes (never from user text).
 */
export function prepared(text: string, values: unknown[]): pg.QueryConfig {
  let name = statementNames.get(text)
  if (!name) {
    name = `bff_${statementNames.size}`
    statementNames.set(text, name)
  }
  return { name, text, values }
}
