import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { gzipSync } from "node:zlib"
import { firstLoadFiles, type BuildManifest } from "./first-load.js"

const gzipKb = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length / 1024

/** A name zod's schemas are built under, kept as text by any minifier: its presence means zod is in the file. */
const ZOD_MARKER = "$ZodType"

/**
 * Fails the storefront build when the JavaScript the first page load needs (the entry and its static
 * imports: home, shop and product pages; other screens load lazily), gzipped, passes the budget, or holds zod
 * (~25 KB gzip, pulled in by importing a value from a contracts file that also defines schemas: the first
 * page imports the catalogue's words from `catalog-vocabulary.ts`, which has none).
 */
async function main() {
  const [dist = "dist", budgetKb = "120"] = process.argv.slice(2)
  const manifest = JSON.parse(await readFile(path.join(dist, ".vite", "manifest.json"), "utf8")) as BuildManifest
  const first = firstLoadFiles(manifest).filter((file) => file.endsWith(".js"))
  let firstKb = 0
  for (const file of first) firstKb += await gzipKb(path.join(dist, file))
  const withZod: string[] = []
  for (const file of first) if ((await readFile(path.join(dist, file), "utf8")).includes(ZOD_MARKER)) withZod.push(file)
  if (withZod.length > 0) {
    process.stderr.write(`✖ zod is in the first page's JavaScript (${withZod.join(", ")}): import zod-free contracts modules there\n`)
    process.exit(1)
  }
  const all = (await readdir(path.join(dist, "assets"))).filter((name) => name.endsWith(".js"))
  let allKb = 0
  for (const name of all) allKb += await gzipKb(path.join(dist, "assets", name))
  const line = `storefront JavaScript for the first page: ${firstKb.toFixed(1)} KB gzip in ${first.length} file(s) (all ${all.length} files: ${allKb.toFixed(1)} KB); budget ${budgetKb} KB`
  if (firstKb > Number(budgetKb)) {
    process.stderr.write(`✖ ${line}\n`)
    process.exit(1)
  }
  process.stdout.write(`✔ ${line}\n`)
}

void main()
