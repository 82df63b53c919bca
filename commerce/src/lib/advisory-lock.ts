import { spawn } from "node:child_process"
import { Client } from "pg"

/** Medusa's migrations' lock; the BFF's own migrations take 726_410_001 (bff/src/lib/migrate.ts). */
export const MEDUSA_MIGRATION_LOCK_ID = 726_410_002

/**
 * Runs `command` while this process holds a PostgreSQL advisory lock, so processes started at once run it one after
 * the other; resolves with its exit code. PostgreSQL frees the lock when the connection ends, so a killed run never
 * blocks the next; a connection lost mid-way stops the command, as its lock is gone.
 */
export async function runUnderAdvisoryLock(databaseUrl: string, lockId: number, command: string, args: string[]): Promise<number> {
  const client = new Client({ connectionString: databaseUrl, keepAlive: true })
  await client.connect()
  try {
    await client.query("select pg_advisory_lock($1)", [lockId])
    return await new Promise<number>((resolve, reject) => {
      const child = spawn(command, args, { stdio: "inherit" })
      client.on("error", (error) => {
        child.kill("SIGTERM")
        reject(new Error(`lost the lock's connection: ${error.message}`))
      })
      child.on("error", reject)
      child.on("exit", (code) => resolve(code ?? 1))
    })
  } finally {
    await client.end().catch(() => undefined)
  }
}
