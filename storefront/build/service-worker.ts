import { createHash } from "node:crypto"
import { readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { browserBuildOnly } from "#vite-plugins"
import type { Plugin } from "vite"
import { firstLoadFiles, type BuildManifest } from "./first-load.js"

const TEMPLATE = fileURLToPath(new URL("./sw-template.js", import.meta.url))

/** The template's placeholder for what the build fills in; the build fails if it goes missing. */
const PLACEHOLDER = 'const BUILD = { version: "dev", precache: [] }'

/** What the offline page needs besides itself (its icons included: every file under icons/). */
const OFFLINE_FILES = ["offline.html", "offline.css", "offline.js"]

/**
 * The files a new worker stores on install, as URL paths: the first page load's scripts and the stylesheets
 * index.html still links (paint-first.ts writes the entry's inline, so no page asks for its file), the offline page and
 * the icons.
 */
export async function precacheList(outDir: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(outDir, ".vite", "manifest.json"), "utf8")) as BuildManifest
  const indexHtml = await readFile(path.join(outDir, "index.html"), "utf8")
  const firstLoad = firstLoadFiles(manifest).filter((file) => !file.endsWith(".css") || indexHtml.includes(`"/${file}"`))
  const icons = (await readdir(path.join(outDir, "icons"))).map((name) => `icons/${name}`)
  return [...firstLoad, ...OFFLINE_FILES, ...icons.sort()].map((file) => `/${file}`)
}

/** The worker's source for a finished build: the template with the precache list and a version hashed from those files and itself. */
export async function serviceWorkerSource(outDir: string): Promise<string> {
  const template = await readFile(TEMPLATE, "utf8")
  if (!template.includes(PLACEHOLDER)) throw new Error(`${TEMPLATE} lost its placeholder: ${PLACEHOLDER}`)
  const precache = await precacheList(outDir)
  const hash = createHash("sha256").update(template)
  for (const url of precache) hash.update(url).update(await readFile(path.join(outDir, url)))
  const version = hash.digest("hex").slice(0, 12)
  return template.replace(PLACEHOLDER, `const BUILD = ${JSON.stringify({ version, precache })}`)
}

/** Writes dist/sw.js once the build is on disk (the Vite manifest and the public folder's files included). */
export function serviceWorker(outDir: string): Plugin {
  return {
    name: "fitshop-service-worker",
    // The client build only: a server-side build has no manifest of the browser's chunks.
    apply: browserBuildOnly,
    async writeBundle() {
      await writeFile(path.join(outDir, "sw.js"), await serviceWorkerSource(outDir))
    },
  }
}
