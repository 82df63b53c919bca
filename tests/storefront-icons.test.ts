import { readFile } from "node:fs/promises"
import path from "node:path"
import sharp from "sharp"
import { describe, expect, it } from "vitest"
import { ROOT } from "../scripts/lib/paths.js"

const PUBLIC = path.join(ROOT, "storefront", "public")

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string }

async function pngSize(src: string): Promise<string> {
  const { format, width, height } = await sharp(path.join(PUBLIC, src)).metadata()
  expect(format, src).toBe("png")
  return `${width}x${height}`
}

describe("the storefront's web app manifest and icons", () => {
  it("declares what an installable app needs, in the shop's colours", async () => {
    const manifest = JSON.parse(await readFile(path.join(PUBLIC, "manifest.webmanifest"), "utf8")) as Record<string, unknown>
    expect(manifest).toMatchObject({
      id: "/",
      name: "Build Your Fit",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#0a0a0b",
      theme_color: "#0a0a0b",
    })
    expect(manifest.short_name).toEqual(expect.any(String))
    expect(manifest.description).toEqual(expect.any(String))
    const icons = manifest.icons as ManifestIcon[]
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]))
    for (const icon of icons) {
      expect(icon.type).toBe("image/png")
      expect(await pngSize(icon.src), icon.src).toBe(icon.sizes)
    }
  })

  it("gives the page an Apple touch icon and favicons that exist at the sizes they claim", async () => {
    const html = await readFile(path.join(ROOT, "storefront", "index.html"), "utf8")
    const links = [...html.matchAll(/<link rel="(icon|apple-touch-icon)" href="([^"]+)"(?: sizes="([^"]+)")?/g)]
    expect(links.map(([, rel, href]) => `${rel} ${href}`)).toEqual([
      "icon /icons/favicon-32.png",
      "icon /icons/icon.svg",
      "apple-touch-icon /icons/apple-touch-icon.png",
    ])
    for (const [, , href, sizes] of links) {
      if (!href!.endsWith(".png")) continue
      expect(await pngSize(href!), href).toBe(sizes)
    }
    expect(await readFile(path.join(PUBLIC, "icons", "icon.svg"), "utf8")).toContain('viewBox="0 0 512 512"')
  })
})
