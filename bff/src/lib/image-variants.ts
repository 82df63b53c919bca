import { GENERATED_FOLDER } from "./storage.js"

/** The widths the BFF makes of every stored image, for srcset. */
export const IMAGE_WIDTHS = [320, 480, 800] as const

/** `url 320w, url?w=480 480w, …` for an image the BFF stores (/media/…); undefined for outside URLs. */
export function srcSetFor(url: string): string | undefined {
  if (!url.startsWith("/media/") || url.includes("?")) return undefined
  return IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(", ")
}

/** Where a picture's variant of one width is kept, in the same storage as the picture, so every replica finds it. */
export const variantKey = (key: string, width: number) => `${GENERATED_FOLDER}/${width}/${key}.webp`
