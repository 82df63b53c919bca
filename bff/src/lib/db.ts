import pg from "pg"

export type Db = pg.Pool

export function createDb(databaseUrl: string): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => undefined)
  return pool
}
