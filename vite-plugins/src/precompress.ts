import { readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import type { Plugin } from "vite"
import { browserBuildOnly } from "./browser-build.js"

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/
const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * Writes a .br and a .gz beside every text file under the build's assets/, at the highest levels (done once per
 * build), so the BFF sends compressed bytes without compressing on each request. Only there: the BFF sends the
 * siblings for /assets/ alone (bff/src/http/static-assets.ts); sw.js, the offline page and index.html, which the
 * BFF renders, go through its compression middleware.
 */
export function precompress(outDir: string): Plugin {
  return {
    name: "fitshop-precompress",
    // Browsers' files only: the server render's bundle is read from disk by the BFF.
    apply: browserBuildOnly,
    async closeBundle() {
      const files = (await filesUnder(path.join(outDir, "assets"))).filter((file) => COMPRESSIBLE.test(file))
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file)
          if (bytes.length < 1024) return
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzipAsync(bytes, { level: 9 }),
          ])
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
        }),
      )
    },
  }
}
