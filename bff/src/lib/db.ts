import pg from "pg"

export type Db = pg.Pool

/** How long taking a connection may wait (opening one, or for a free one in a busy pool) before the request gets a 503. */
export const CONNECT_TIMEOUT_MS = 5_000
/**
 * PostgreSQL cancels a request's statement running longer (a lock never granted, a runaway plan). Work that may
 * take longer on a large shop (migrations, the catalogue's rebuild) lifts it on its own connection: UNLIMITED_STATEMENTS.
 */
export const STATEMENT_TIMEOUT_MS = 30_000
export const UNLIMITED_STATEMENTS = "set statement_timeout = 0"

export function createDb(databaseUrl: string): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // A server gone silent (packets dropped, not refused) is found by TCP's probes after 10 s idle.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  })
  // A client losing its connection (idle, or checked out by a long job when the server goes away) must not
  // crash the process: its query fails, which the caller handles, and the pool opens a new one.
  pool.on("error", () => undefined)
  pool.on("connect", (client) => client.on("error", () => undefined))
  return pool
}

/** Node's codes for a connection that could not be opened or was lost on the way. */
const NETWORK_FAILURES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"])
/**
 * PostgreSQL's codes for a server going away or not taking connections yet: admin shutdown (a restart), crash
 * shutdown, starting up, too many connections, and a statement cancelled by our statement timeout.
 */
const SERVER_UNAVAILABLE = new Set(["57P01", "57P02", "57P03", "53300", "57014"])
/** node-postgres says these in words only: a connection ended mid-query, a pool or client connect timeout, a silent server. */
const DRIVER_FAILURES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /^Query read timeout/, /is not queryable/]

/** Whether an error means the database could not be reached or went away (a restart, a network fault), not a wrong query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === "string" && (NETWORK_FAILURES.has(code) || SERVER_UNAVAILABLE.has(code) || code.startsWith("08"))) return true
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true
  return DRIVER_FAILURES.some((pattern) => pattern.test(error.message))
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
  // A connection that failed goes with its error, so the pool drops it instead of handing it to the next request.
  let failed: Error | undefined
  try {
    return await inTransaction(client, work)
  } catch (error) {
    if (isDatabaseUnavailable(error)) failed = error as Error
    throw error
  } finally {
    client.release(failed)
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

/**
 * A `date` column as its calendar day (yyyy-mm-dd). node-postgres reads a date as local midnight of that day,
 * so the day is read back in local time, whatever the process's time zone.
 */
export function calendarDay(value: Date | string | null): string | null {
  if (value === null || typeof value === "string") return value
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${String(value.getFullYear())}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
}
