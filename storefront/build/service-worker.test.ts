import { mkdir, mkdtemp, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { Script } from "node:vm"
import { describe, expect, it } from "vitest"
import { serviceWorkerSource } from "./service-worker.js"

type Build = { version: string; precache: string[] }

/** index.html as paint-first.ts leaves it: the entry's stylesheet inline, and one it links (as a second one would stay). */
const INDEX_HTML = '<html><head><style>body{}</style><link rel="stylesheet" crossorigin href="/assets/vendor-e5.css"></head><body></body></html>'

/**
 * A storefront build on disk as the plugin finds it: Vite's manifest, an entry with a static and a lazy import,
 * index.html, the public files.
 */
async function fakeBuild(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), "service-worker-"))
  await mkdir(path.join(dist, ".vite"), { recursive: true })
  await mkdir(path.join(dist, "assets"))
  await mkdir(path.join(dist, "icons"))
  const manifest = {
    "index.html": { file: "assets/index-a1.js", isEntry: true, imports: ["_vendor-b2.js"], dynamicImports: ["src/cart.tsx"], css: ["assets/index-c3.css"] },
    "_vendor-b2.js": { file: "assets/vendor-b2.js", css: ["assets/vendor-e5.css"] },
    "src/cart.tsx": { file: "assets/cart-d4.js", isDynamicEntry: true },
  }
  const files: Record<string, string> = {
    ".vite/manifest.json": JSON.stringify(manifest),
    "assets/index-a1.js": "entry",
    "assets/vendor-b2.js": "vendor",
    "assets/index-c3.css": "body{}",
    "assets/vendor-e5.css": "main{}",
    "index.html": INDEX_HTML,
    "assets/cart-d4.js": "cart",
    "offline.html": "<h1>You're offline</h1>",
    "offline.css": "h1{}",
    "offline.js": "addEventListener('online', () => location.reload())",
    "icons/icon-192.png": "png",
    "icons/icon.svg": "<svg/>",
  }
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dist, file), text)
  return dist
}

/** What the plugin filled in, read back from the worker's source. */
function buildOf(source: string): Build {
  const literal = /^const BUILD = (.*)$/m.exec(source)?.[1]
  expect(literal, "the worker's BUILD line").toBeTruthy()
  return JSON.parse(literal!) as Build
}

describe("the service worker plugin", () => {
  it("precaches the first page load's chunks and linked stylesheets, the offline page and the icons, never a lazily loaded chunk or an inlined stylesheet", async () => {
    const source = await serviceWorkerSource(await fakeBuild())
    expect(() => new Script(source)).not.toThrow()
    expect(buildOf(source).precache).toEqual([
      "/assets/index-a1.js",
      "/assets/vendor-b2.js",
      "/assets/vendor-e5.css",
      "/offline.html",
      "/offline.css",
      "/offline.js",
      "/icons/icon-192.png",
      "/icons/icon.svg",
    ])
  })

  it("names a new cache version when a precached file changes, and the same one when nothing did", async () => {
    const dist = await fakeBuild()
    const before = buildOf(await serviceWorkerSource(dist)).version
    expect(buildOf(await serviceWorkerSource(dist)).version).toBe(before)
    await writeFile(path.join(dist, "offline.css"), "h1{color:red}")
    const after = buildOf(await serviceWorkerSource(dist)).version
    expect(after).toMatch(/^[0-9a-f]{12}$/)
    expect(after).not.toBe(before)
  })

  it("leaves the version alone when only a lazily loaded chunk changes (it is cached under its own hashed name)", async () => {
    const dist = await fakeBuild()
    const before = buildOf(await serviceWorkerSource(dist)).version
    await writeFile(path.join(dist, "assets", "cart-d4.js"), "another cart")
    expect(buildOf(await serviceWorkerSource(dist)).version).toBe(before)
  })
})
