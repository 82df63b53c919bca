/**
 * Draws the storefront's PNG icons from storefront/public/icons/icon.svg. Run it by hand after changing the SVG,
 * then commit the PNGs: `node --import tsx scripts/make-icons.ts`.
 */
import path from "node:path"
import sharp from "sharp"
import { ROOT } from "./lib/paths.js"

const ICONS = path.join(ROOT, "storefront", "public", "icons")

/** The manifest's and the page's icons: `rounded` for those shown as they are; maskable and Apple's get masked by the system. */
const ICON_FILES = [
  { file: "icon-192.png", size: 192, rounded: true },
  { file: "icon-512.png", size: 512, rounded: true },
  { file: "icon-maskable-512.png", size: 512, rounded: false },
  { file: "apple-touch-icon.png", size: 180, rounded: false },
  { file: "favicon-32.png", size: 32, rounded: false },
] as const

function roundedMask(size: number): Buffer {
  const radius = Math.round(size * 0.1875)
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}"/></svg>`)
}

const svg = path.join(ICONS, "icon.svg")
for (const { file, size, rounded } of ICON_FILES) {
  const image = sharp(svg).resize(size, size)
  if (rounded) image.composite([{ input: roundedMask(size), blend: "dest-in" }])
  else image.flatten()
  await image.png({ compressionLevel: 9 }).toFile(path.join(ICONS, file))
  process.stdout.write(`✔ ${file} (${size}×${size})\n`)
}
