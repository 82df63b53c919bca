import { mkdir, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import sharp from "sharp"
import type { Garment, SeedProduct } from "./catalogue"

const WIDTH = 800
const HEIGHT = 1000

/** Silhouettes drawn on an 800×1000 canvas; no fonts, so rendering is the same on every machine. */
const SILHOUETTES: Record<Garment, string> = {
  hoodie: "M300 170 Q400 90 500 170 L640 230 L720 560 L640 585 L600 360 L600 880 L200 880 L200 360 L160 585 L80 560 L160 230 Z",
  polo: "M320 170 L400 230 L480 170 L640 230 L700 420 L610 450 L590 360 L590 860 L210 860 L210 360 L190 450 L100 420 L160 230 Z",
  tee: "M320 170 Q400 230 480 170 L650 230 L720 400 L620 440 L590 360 L590 860 L210 860 L210 360 L180 440 L80 400 L150 230 Z",
  jeans: "M250 140 L550 140 L590 900 L440 900 L400 360 L360 900 L210 900 Z",
  trousers: "M240 140 L560 140 L620 900 L450 900 L400 380 L350 900 L180 900 Z",
  cargo: "M240 140 L560 140 L610 900 L445 900 L400 380 L355 900 L190 900 Z",
  dress: "M330 140 L470 140 L520 330 L660 900 L140 900 L280 330 Z",
  kurta: "M330 150 Q400 200 470 150 L620 210 L690 520 L610 540 L580 350 L640 920 L160 920 L220 350 L190 540 L110 520 L180 210 Z",
}

/** Details that tell the front from the back: a print on the front, a seam and label on the back. */
function details(garment: Garment, view: "front" | "back", accent: string): string {
  const isLower = garment === "jeans" || garment === "trousers" || garment === "cargo"
  if (view === "back") {
    return isLower
      ? `<rect x="270" y="200" width="90" height="80" rx="8" fill="none" stroke="${accent}" stroke-width="6"/><rect x="440" y="200" width="90" height="80" rx="8" fill="none" stroke="${accent}" stroke-width="6"/>`
      : `<rect x="370" y="190" width="60" height="30" rx="4" fill="${accent}"/><line x1="400" y1="230" x2="400" y2="840" stroke="${accent}" stroke-width="3" stroke-dasharray="12 10"/>`
  }
  if (isLower) {
    const pockets =
      garment === "cargo"
        ? `<rect x="200" y="520" width="110" height="130" rx="10" fill="none" stroke="${accent}" stroke-width="6"/><rect x="490" y="520" width="110" height="130" rx="10" fill="none" stroke="${accent}" stroke-width="6"/>`
        : ""
    return `<line x1="250" y1="190" x2="550" y2="190" stroke="${accent}" stroke-width="6"/><path d="M270 200 Q300 260 340 260" fill="none" stroke="${accent}" stroke-width="5"/><path d="M530 200 Q500 260 460 260" fill="none" stroke="${accent}" stroke-width="5"/>${pockets}`
  }
  const hood = garment === "hoodie" ? `<path d="M330 175 Q400 300 470 175" fill="none" stroke="${accent}" stroke-width="8"/>` : ""
  return `${hood}<circle cx="400" cy="450" r="95" fill="none" stroke="${accent}" stroke-width="14"/><path d="M340 450 L400 380 L460 450 L400 520 Z" fill="${accent}"/>`
}

function contrastAccent(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16)
  const luminance = ((value >> 16) & 255) * 0.299 + ((value >> 8) & 255) * 0.587 + (value & 255) * 0.114
  return luminance > 150 ? "#1a1a1a" : "#f5f5f5"
}

export function garmentSvg(product: Pick<SeedProduct, "garment" | "colorHex">, view: "front" | "back"): string {
  const accent = contrastAccent(product.colorHex)
  const background = view === "front" ? "#e9e6e1" : "#dcd8d2"
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>
<ellipse cx="400" cy="935" rx="280" ry="26" fill="#000" opacity="0.12"/>
<path d="${SILHOUETTES[product.garment]}" fill="${product.colorHex}" stroke="#000" stroke-opacity="0.35" stroke-width="4" stroke-linejoin="round"/>
${details(product.garment, view, accent)}
</svg>`
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  )
}

export const IMAGE_VIEWS = ["front", "back"] as const

export function imageFileName(handle: string, view: (typeof IMAGE_VIEWS)[number]): string {
  return `products/${handle}-${view}.webp`
}

/** Renders the product's two images to WebP under mediaDir; existing files are kept. */
export async function renderGarmentImages(product: SeedProduct, mediaDir: string): Promise<string[]> {
  await mkdir(path.join(mediaDir, "products"), { recursive: true })
  const urls: string[] = []
  for (const view of IMAGE_VIEWS) {
    const name = imageFileName(product.handle, view)
    const file = path.join(mediaDir, name)
    if (!(await exists(file))) {
      const webp = await sharp(Buffer.from(garmentSvg(product, view)))
        .webp({ quality: 82 })
        .toBuffer()
      await writeFile(file, webp)
    }
    urls.push(`/media/${name}`)
  }
  return urls
}
