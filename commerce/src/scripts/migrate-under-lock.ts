/**
 * `node src/scripts/migrate-under-lock.js medusa db:migrate`, in the image's .medusa/server: Medusa's migrations under
 * one PostgreSQL advisory lock, so Kubernetes pods starting at once (each migrates in its init container, deploy/k8s)
 * migrate one after the other. Medusa locks per module and per link table only: its data-migration scripts are
 * skipped, not waited for, while another run holds them.
 */
import { MEDUSA_MIGRATION_LOCK_ID, runUnderAdvisoryLock } from "../lib/advisory-lock"

const [command, ...args] = process.argv.slice(2)
const databaseUrl = process.env.DATABASE_URL
if (!command || !databaseUrl) {
  process.stderr.write("usage: DATABASE_URL=… node migrate-under-lock.js <command> [arguments…]\n")
  process.exit(2)
}
runUnderAdvisoryLock(databaseUrl, MEDUSA_MIGRATION_LOCK_ID, command, args).then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`migrate-under-lock: ${error.message}\n`)
    process.exit(1)
  },
)
