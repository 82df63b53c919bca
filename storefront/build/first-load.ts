/** A chunk of Vite's build manifest (`build.manifest`), as far as the first page load goes. */
export type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }

export type BuildManifest = Record<string, ManifestChunk>

/** The entry chunk and every chunk it imports statically: what the first page (/, /shop, /product) downloads. */
export function firstLoadChunks(manifest: BuildManifest): ManifestChunk[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)
  if (!entry) throw new Error("the Vite manifest has no entry chunk")
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const imported of manifest[key]?.imports ?? []) visit(imported)
  }
  visit(entry)
  return [...seen].map((key) => manifest[key]!)
}

/** The first page load's JavaScript and CSS files, relative to the build folder. */
export function firstLoadFiles(manifest: BuildManifest): string[] {
  return [...new Set(firstLoadChunks(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]))]
}
