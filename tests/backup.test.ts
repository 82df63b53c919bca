import { createHash } from "node:crypto"
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { parse } from "yaml"
import { backupFolderOf, fileProblems, manifestSchema, newestCompleteBackup, type Manifest } from "../scripts/backup/manifest.js"
import { majorVersionOf, newestFitting } from "../scripts/backup/postgres-tools.js"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const scratch: string[] = []
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true })
})

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

/** A backup folder as backup.sh lays it out, its files' sizes and sums in the manifest. */
async function backupFolder(files: Record<string, string>, name = "2026-12-07T021500Z") {
  const parent = await mkdtemp(path.join(tmpdir(), "fitshop-backup-test-"))
  scratch.push(parent)
  const folder = path.join(parent, name)
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true })
    await writeFile(path.join(folder, file), text)
  }
  const manifest: Manifest = {
    format: "fitshop-backup/1",
    createdAt: "2026-12-07T02:15:00Z",
    pgDumpVersion: "pg_dump (PostgreSQL) 18.6",
    mediaSource: "s3://fitshop-media",
    database: { name: "fitshop", serverVersion: "18.6", rowCounts: { "bff.orders": 3, "public.order": 3 } },
    files: Object.entries(files).map(([file, text]) => ({ path: file, size: Buffer.byteLength(text), sha256: sha256(text) })),
  }
  await writeFile(path.join(folder, "manifest.json"), JSON.stringify(manifest))
  return { parent, folder, manifest }
}

describe("choosing the backup to restore", () => {
  it("takes the newest folder that has its manifest, passing over one that never finished and anything not named by a time", () => {
    expect(
      newestCompleteBackup([
        { name: "2026-12-05T213000Z", complete: true },
        { name: "2026-12-06T213000Z", complete: true },
        { name: "2026-12-07T213000Z", complete: false },
        { name: "latest", complete: true },
        { name: "2026-12-06T213000Z.old", complete: true },
      ]),
    ).toBe("2026-12-06T213000Z")
    expect(newestCompleteBackup([{ name: "2026-12-07T213000Z", complete: false }])).toBeUndefined()
  })

  it("opens a backup's own folder, or its parent's newest complete one, and says which is missing its manifest", async () => {
    const { parent, folder } = await backupFolder({ "database.dump": "dump" })
    expect(await backupFolderOf(folder)).toBe(folder)
    expect(await backupFolderOf(parent)).toBe(folder)
    const unfinished = path.join(parent, "2099-01-01T000000Z")
    await mkdir(unfinished)
    expect(await backupFolderOf(parent)).toBe(folder)
    await expect(backupFolderOf(unfinished)).rejects.toThrow(`${unfinished} has no manifest.json: a backup that did not finish`)
    await expect(backupFolderOf(path.join(parent, "nope"))).rejects.toThrow("is not a folder")
  })
})

describe("checking a backup against its manifest", () => {
  it("finds every file as listed", async () => {
    const { folder, manifest } = await backupFolder({ "database.dump": "the dump", "media/uploads/a.webp": "picture" })
    expect(await fileProblems(folder, manifest)).toEqual([])
  })

  it("names a file that is missing, cut short or altered", async () => {
    const { folder, manifest } = await backupFolder({ "database.dump": "the dump", "media/uploads/a.webp": "picture", "media/products/b.webp": "other" })
    await writeFile(path.join(folder, "database.dump"), "the dumq")
    await writeFile(path.join(folder, "media/uploads/a.webp"), "pic")
    await rm(path.join(folder, "media/products/b.webp"))
    expect(await fileProblems(folder, manifest)).toEqual([
      "database.dump does not match its sha256 in the manifest",
      "media/uploads/a.webp has 3 bytes, the manifest says 7",
      "media/products/b.webp is missing",
    ])
  })

  it("refuses a manifest without the dump, or with a path outside the backup folder", async () => {
    const { manifest } = await backupFolder({ "database.dump": "the dump" })
    expect(manifestSchema.safeParse(manifest).success).toBe(true)
    expect(manifestSchema.safeParse({ ...manifest, files: [] }).success).toBe(false)
    for (const escape of ["../etc/passwd", "/etc/passwd", "media/../../x"]) {
      expect(manifestSchema.safeParse({ ...manifest, files: [...manifest.files, { path: escape, size: 1, sha256: "0".repeat(64) }] }).success, escape).toBe(
        false,
      )
    }
  })
})

describe("choosing pg_dump and pg_restore", () => {
  it("reads the major version from --version", () => {
    expect(majorVersionOf("pg_dump (PostgreSQL) 18.6 (Debian 18.6-1.pgdg13+1)")).toBe(18)
    expect(majorVersionOf("pg_restore (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)")).toBe(15)
    expect(majorVersionOf("something else")).toBeUndefined()
  })

  it("takes the newest binary when it is at least the server's major, and none when all are older", () => {
    const found = [
      { path: "/usr/bin/pg_dump", major: 15 },
      { path: "/usr/lib/postgresql/18/bin/pg_dump", major: 18 },
    ]
    expect(newestFitting(found, 18)).toEqual(found[1])
    expect(newestFitting(found, 15)).toEqual(found[1])
    expect(newestFitting(found.slice(0, 1), 18)).toBeUndefined()
    expect(newestFitting([], 15)).toBeUndefined()
  })
})

describe("the scheduled backup runs the same script", () => {
  it("docker-compose's backup service mounts deploy/k8s/backup.sh itself and uploads to the backups bucket", async () => {
    const compose = parse(await readFile(path.join(ROOT, "docker-compose.yml"), "utf8"))
    const backup = compose.services.backup
    expect(backup.volumes).toContain("./deploy/k8s/backup.sh:/backup/backup.sh:ro")
    expect(backup.command.join("\n")).toContain("sh /backup/backup.sh")
    expect(backup.environment.BACKUP_S3_BUCKET).toBe(compose.services["minio-setup"].environment.BACKUP_BUCKET)
  })
})
