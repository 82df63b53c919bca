/**
 * `npm run backup -- DIR`: one backup of the shop into DIR/<UTC time>/ (see backup.sh, which writes it), of the
 * database DATABASE_URL names or else the embedded one `npm start` runs, with a pg_dump new enough for its server.
 */
import { spawn } from "node:child_process"
import path from "node:path"
import { exitOnSetupError, SetupError } from "../lib/fail.js"
import { databaseToBackUp } from "./database.js"
import { describeMediaPlace, mediaPlace } from "./media.js"
import { psqlBeside, requireTool } from "./postgres-tools.js"

const SCRIPT = path.join(import.meta.dirname, "..", "..", "deploy", "k8s", "backup.sh")

async function main() {
  const dir = process.argv[2]
  if (!dir) throw new SetupError("Usage: npm run backup -- DIR (the backup goes into DIR/<UTC time>/)")
  const { url, serverMajor } = await databaseToBackUp()
  const pgDump = await requireTool("pg_dump", serverMajor, `dump this PostgreSQL ${serverMajor} server`)
  const media = mediaPlace()
  const psql = await psqlBeside(pgDump)
  const started = Date.now()
  process.stderr.write(`backing up ${new URL(url).pathname.slice(1)} with ${pgDump.path} (${pgDump.major}) and media from ${describeMediaPlace(media)}\n`)
  const folder = await new Promise<string>((resolve, reject) => {
    const child = spawn("sh", [SCRIPT], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        BACKUP_DIR: path.resolve(dir),
        PG_DUMP: pgDump.path,
        PSQL: psql,
        ...(media.kind === "dir" ? { MEDIA_DIR: media.directory } : {}),
      },
      stdio: ["ignore", "pipe", "inherit"],
    })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.on("error", (error) => reject(new SetupError(`cannot run backup.sh: ${error.message}`)))
    child.on("exit", (code) => (code === 0 ? resolve(output.trim().split("\n").at(-1) ?? "") : reject(new SetupError(`backup failed (exit ${code})`))))
  })
  process.stdout.write(`✔ backup in ${folder} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`)
}

main().catch(exitOnSetupError)
