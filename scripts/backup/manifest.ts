import { createHash } from "node:crypto"
import { createReadStream } from "node:fs"
import { readdir, readFile, stat } from "node:fs/promises"
import path from "node:path"
import { z } from "zod"
import { SetupError } from "../lib/fail.js"

/** What backup.sh writes last into each backup folder; the one reader of that layout. */
export const MANIFEST_FILE = "manifest.json"
export const DUMP_FILE = "database.dump"
export const MEDIA_FOLDER = "media"

/** A backup folder's name: its UTC time, as backup.sh stamps it (`date -u +%Y-%m-%dT%H%M%SZ`). */
export const BACKUP_STAMP = /^\d{4}-\d{2}-\d{2}T\d{6}Z$/

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "must be a sha256 in hex")
/** A file inside the backup folder: relative, forward slashes, nothing that climbs out of it. */
const backupPath = z
  .string()
  .min(1)
  .refine(
    (value) => !value.startsWith("/") && value.split("/").every((segment) => segment !== "" && segment !== "." && segment !== ".."),
    "must stay inside the backup folder",
  )

export const manifestSchema = z.object({
  format: z.literal("fitshop-backup/1"),
  createdAt: z.iso.datetime(),
  pgDumpVersion: z.string().min(1),
  mediaSource: z.string(),
  database: z.object({
    name: z.string().min(1),
    serverVersion: z.string().min(1),
    /** Key tables' rows in the dump's snapshot (`schema.table` → count): a restore must find the same. */
    rowCounts: z.record(z.string().regex(/^[a-z_]+\.[a-z_]+$/), z.number().int().nonnegative()),
  }),
  files: z
    .array(z.object({ path: backupPath, size: z.number().int().nonnegative(), sha256: sha256Hex }))
    .refine((files) => files.some((file) => file.path === DUMP_FILE), `must list ${DUMP_FILE}`),
})

export type Manifest = z.infer<typeof manifestSchema>

/** The newest backup among a folder's entries that finished (has its manifest); stamps sort as their times do. */
export function newestCompleteBackup(entries: { name: string; complete: boolean }[]): string | undefined {
  return entries
    .filter((entry) => entry.complete && BACKUP_STAMP.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .at(-1)
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )

/** DIR as given to `npm run restore`: one backup's folder, or the parent of several (then its newest complete one). */
export async function backupFolderOf(dir: string): Promise<string> {
  const folder = path.resolve(dir)
  const stats = await stat(folder).catch(() => undefined)
  if (!stats?.isDirectory()) throw new SetupError(`${dir} is not a folder`)
  if (await exists(path.join(folder, MANIFEST_FILE))) return folder
  if (BACKUP_STAMP.test(path.basename(folder))) throw new SetupError(`${dir} has no ${MANIFEST_FILE}: a backup that did not finish`)
  const entries = await readdir(folder, { withFileTypes: true })
  const candidates = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => ({ name: entry.name, complete: await exists(path.join(folder, entry.name, MANIFEST_FILE)) })),
  )
  const newest = newestCompleteBackup(candidates)
  if (!newest) throw new SetupError(`${dir} holds no complete backup (a folder named by its time with ${MANIFEST_FILE} in it)`)
  return path.join(folder, newest)
}

export async function readManifest(folder: string): Promise<Manifest> {
  const text = await readFile(path.join(folder, MANIFEST_FILE), "utf8").catch(() => {
    throw new SetupError(`${folder} has no ${MANIFEST_FILE}: not a backup, or one that did not finish`)
  })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new SetupError(`${path.join(folder, MANIFEST_FILE)} is not JSON`)
  }
  const parsed = manifestSchema.safeParse(json)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    throw new SetupError(`${path.join(folder, MANIFEST_FILE)} is not a backup manifest: ${issue?.path.join(".") || "(top)"} ${issue?.message ?? ""}`.trim())
  }
  return parsed.data
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256")
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest("hex")
}

/** What differs between the folder's files and what the manifest says of them (missing, size, sha256); empty when all match. */
export async function fileProblems(folder: string, manifest: Manifest): Promise<string[]> {
  const problems: string[] = []
  for (const file of manifest.files) {
    const absolute = path.join(folder, file.path)
    const stats = await stat(absolute).catch(() => undefined)
    if (!stats?.isFile()) problems.push(`${file.path} is missing`)
    else if (stats.size !== file.size) problems.push(`${file.path} has ${stats.size} bytes, the manifest says ${file.size}`)
    else if ((await sha256Of(absolute)) !== file.sha256) problems.push(`${file.path} does not match its sha256 in the manifest`)
  }
  return problems
}

/** The media files' keys as the BFF's storage names them (`uploads/x.webp`), each with its path in the backup. */
export function mediaFiles(manifest: Manifest): { key: string; path: string }[] {
  const prefix = `${MEDIA_FOLDER}/`
  return manifest.files.filter((file) => file.path.startsWith(prefix)).map((file) => ({ key: file.path.slice(prefix.length), path: file.path }))
}
