/**
 * `npm run restore -- DIR`: restores one backup (DIR, or the newest complete one under DIR) into the empty database
 * DATABASE_URL names, made if missing, then puts its media back where the environment says (MEDIA_DIR or S3_*).
 * Every check (manifest, sha256 of each file, an empty database, a new enough pg_restore) comes before any change.
 */
import { exitOnSetupError, SetupError } from "../lib/fail.js"
import { ensureDatabase } from "../lib/database.js"
import { run } from "../lib/processes.js"
import { rowCountsIn, shopObjectsIn } from "./database.js"
import { backupFolderOf, DUMP_FILE, fileProblems, mediaFiles, readManifest } from "./manifest.js"
import { describeMediaPlace, mediaPlace, putMediaBack } from "./media.js"
import { majorVersionOf, requireTool } from "./postgres-tools.js"
import path from "node:path"

async function main() {
  const dir = process.argv[2]
  if (!dir) throw new SetupError("Usage: npm run restore -- DIR (one backup's folder, or a folder of backups: the newest complete one)")
  const url = process.env.DATABASE_URL
  if (!url) throw new SetupError("Set DATABASE_URL to the empty database to restore into")
  const started = Date.now()

  const folder = await backupFolderOf(dir)
  const manifest = await readManifest(folder)
  const [problem, ...more] = await fileProblems(folder, manifest)
  if (problem) throw new SetupError(`${folder}: ${problem}${more.length ? ` (and ${more.length} more)` : ""}; nothing restored`)
  const dumpMajor = majorVersionOf(manifest.pgDumpVersion) ?? 0
  const pgRestore = await requireTool("pg_restore", dumpMajor, `read a dump made by pg_dump ${dumpMajor}`)
  const media = mediaPlace()

  await ensureDatabase(url)
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  const held = await shopObjectsIn(url)
  if (held.tables > 0 || held.bffSchema) {
    throw new SetupError(
      `The database "${name}" is not empty (${held.tables} tables in public and bff${held.bffSchema ? ", a bff schema" : ""}): restore into a new, empty database; nothing restored`,
    )
  }

  process.stderr.write(`restoring ${folder} into "${name}" with ${pgRestore.path} (${pgRestore.major})\n`)
  // One transaction: a restore that stops half way leaves the database as empty as it was.
  await run(pgRestore.path, ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${url}`, path.join(folder, DUMP_FILE)], {
    cwd: folder,
    env: process.env,
    label: "pg_restore",
  })
  const expected = manifest.database.rowCounts
  const found = await rowCountsIn(url, Object.keys(expected))
  const differing = Object.keys(expected).filter((table) => found[table] !== expected[table])
  if (differing.length) {
    throw new SetupError(`Restored, but ${differing.map((table) => `${table} has ${found[table]} rows, the backup ${expected[table]}`).join("; ")}`)
  }
  const files = mediaFiles(manifest)
  await putMediaBack(media, folder, files)
  const rows = Object.entries(expected)
    .map(([table, count]) => `${table} ${count}`)
    .join(", ")
  process.stdout.write(
    `✔ restored ${path.basename(folder)} into "${name}" (${rows}) and ${files.length} media files to ${describeMediaPlace(media)} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  )
}

main().catch(exitOnSetupError)
