import { rm } from "node:fs/promises"
import pg from "pg"

/** Drops the journey's throwaway database and media once the stack has stopped. */
export default async function globalTeardown() {
  const url = process.env.E2E_DATABASE_URL
  if (url) {
    const name = new URL(url).pathname.slice(1)
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, "/postgres") })
    await admin.connect()
    try {
      await admin.query(`drop database if exists "${name}" with (force)`)
    } finally {
      await admin.end()
    }
  }
  if (process.env.E2E_MEDIA_DIR) await rm(process.env.E2E_MEDIA_DIR, { recursive: true, force: true })
}
