/** The BFF's upload limit: 10 MB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024

/** The picture types the BFF accepts. */
export const PHOTO_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp"]

export const PHOTO_ACCEPT = PHOTO_TYPES.join(",")

export const PHOTO_HINT = "JPG, PNG, or GIF up to 10MB"
export const PHOTO_TYPE_TEXT = "Choose a JPG, PNG, GIF or WebP photo."
export const PHOTO_SIZE_TEXT = "This photo is larger than 10MB. Choose a smaller one."

/** Why `file` cannot be uploaded, checked before anything is sent; null when it can. */
export function photoProblem(file: Pick<File, "type" | "size">): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return PHOTO_TYPE_TEXT
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_SIZE_TEXT
  return null
}
