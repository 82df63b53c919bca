/**
 * Run in an image's working directory (`node --import tsx load-bff.ts`, as the image's CMD runs the BFF): loads every
 * module the BFF's main.ts imports, and the storefront's server render where STOREFRONT_DIST says, from what the
 * image holds, without starting, listening or connecting. Prints what it loaded.
 */
import { readFile } from "node:fs/promises"
import path from "node:path"
import { pathToFileURL } from "node:url"

const main = path.resolve("bff/src/main.ts")
const source = await readFile(main, "utf8")
const modules = [...source.matchAll(/^import (?!type )[^;]*? from "(\.[^"]+)"/gm)].map((match) => new URL(match[1]!, pathToFileURL(main)).href)
for (const module of modules) await import(module)
const rendererModule = pathToFileURL(path.resolve("bff/src/features/seo/storefront-renderer.ts")).href
const { loadStorefrontRenderer } = (await import(rendererModule)) as typeof import("../../bff/src/features/seo/storefront-renderer.js")
const renderer = await loadStorefrontRenderer(process.env.STOREFRONT_DIST ?? "")
if (!renderer) throw new Error(`no server render beside ${process.env.STOREFRONT_DIST}`)
process.stdout.write(`${JSON.stringify({ modules: modules.length, renderer: typeof renderer.renderPage })}\n`)
