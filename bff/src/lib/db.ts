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
