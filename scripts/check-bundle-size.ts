import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { gzipSync } from "node:zlib"

/**
 * Fails the storefront build when its JavaScript, gzipped, passes the budget. It counts every JS file
 * the build emits: an upper bound for what any route (/, /shop) downloads.
 */
async function main() {
  const [dist = "dist", budgetKb = "150"] = process.argv.slice(2)
  const assets = path.join(dist, "assets")
  const files = (await readdir(assets)).filter((name) => name.endsWith(".js"))
  let total = 0
  for (const name of files) total += gzipSync(await readFile(path.join(assets, name)), { level: 9 }).length
  const kb = total / 1024
  const line = `storefront JavaScript: ${kb.toFixed(1)} KB gzip in ${files.length} file(s); budget ${budgetKb} KB`
  if (kb > Number(budgetKb)) {
    process.stderr.write(`✖ ${line}\n`)
    process.exit(1)
  }
  process.stdout.write(`✔ ${line}\n`)
}

void main()
