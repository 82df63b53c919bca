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

/** Runs `work` in one transaction on one pooled connection: committed when it returns, rolled back when it throws. */
export async function transaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect()
  try {
    return await inTransaction(client, work)
  } finally {
    client.release()
  }
}

/**
 * `transaction` on a connection the caller already holds, so what it holds on that session (an advisory
 * lock) outlasts the transaction; committed when `work` returns, rolled back when it throws.
 */
export async function inTransaction<T>(client: pg.PoolClient, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  await client.query("begin")
  try {
    const result = await work(client)
    await client.query("commit")
    return result
  } catch (error) {
    await client.query("rollback").catch(() => undefined)
    throw error
  }
}

/** Whether a query failed on the named unique constraint (a racing insert lost). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string }
  return pgError?.code === "23505" && pgError.constraint === constraint
}
