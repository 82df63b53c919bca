import { createHash } from "node:crypto"
import { readdir, readFile, stat } from "node:fs/promises"
import path from "node:path"

async function* walk(entry: string): AsyncGenerator<string> {
  const info = await stat(entry).catch(() => undefined)
  if (!info) return
  if (info.isFile()) {
    yield entry
    return
  }
  const names = (await readdir(entry)).sort()
  for (const name of names) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue
    yield* walk(path.join(entry, name))
  }
}

/** A hash of the given files and folders' contents: the same inputs give the same stamp. */
export async function hashInputs(entries: string[]): Promise<string> {
  const hash = createHash("sha256")
  for (const entry of entries) {
    for await (const file of walk(entry)) {
      hash.update(file)
      hash.update(await readFile(file))
    }
  }
  return hash.digest("hex")
}

export async function readStamp(file: string): Promise<string | undefined> {
  return readFile(file, "utf8").then(
    (text) => text.trim(),
    () => undefined,
  )
}
