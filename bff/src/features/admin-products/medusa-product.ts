import type { AdminProductInput, ProductStatus } from "@fitshop/contracts"

/** How the console's statuses live in Medusa: only published products reach the store API, hence the shop. */
export const MEDUSA_STATUS = { DRAFT: "draft", LIVE: "published", ARCHIVED: "rejected" } as const satisfies Record<ProductStatus, string>

export type MedusaStatus = (typeof MEDUSA_STATUS)[ProductStatus]

/** The console's status of a Medusa product; a status the console never sets (proposed) reads as a draft. */
export function consoleStatus(medusaStatus: string): ProductStatus {
  if (medusaStatus === MEDUSA_STATUS.LIVE) return "LIVE"
  if (medusaStatus === MEDUSA_STATUS.ARCHIVED) return "ARCHIVED"
  return "DRAFT"
}

type MediaInput = AdminProductInput["images"][number]
/** An image or video as stored in the product's metadata (Medusa has no field for alt texts, positions or videos). */
export type StoredMedia = { url: string; altText: string | null; isPrimary: boolean; position: number }

/** Items in the order their positions give (ties and missing positions keep the order sent), numbered 1, 2, … */
function inOrder(items: MediaInput[]): StoredMedia[] {
  return items
    .map((item, index) => ({ item, rank: item.position ?? index + 1, index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }, index) => ({ url: item.url, altText: item.altText, isPrimary: item.isPrimary, position: index + 1 }))
}

/** Spec section 4: one primary across images and videos, the first flagged one, else the first item. */
export function arrangedMedia(input: Pick<AdminProductInput, "images" | "videos">): { images: StoredMedia[]; videos: StoredMedia[] } {
  const images = inOrder(input.images)
  const videos = inOrder(input.videos)
  const primary = [...images, ...videos].find((item) => item.isPrimary) ?? images[0] ?? videos[0]
  const mark = (item: StoredMedia) => ({ ...item, isPrimary: item === primary })
  return { images: images.map(mark), videos: videos.map(mark) }
}

/**
 * The editor's payload as commerce's /internal/admin-products routes take it: Medusa's own fields, the
 * price in rupees as entered (Medusa keeps major units), and what Medusa has no field for in metadata,
 * every key written (null when empty) so a cleared value is cleared.
 */
export function medusaProduct(input: AdminProductInput) {
  const media = arrangedMedia(input)
  const primaryImage = media.images.find((image) => image.isPrimary) ?? media.images[0]
  return {
    title: input.title,
    description: input.description,
    status: MEDUSA_STATUS[input.status],
    price: input.price,
    weight: input.weightGrams,
    material: input.fabric,
    thumbnail: primaryImage?.url ?? null,
    images: media.images.map((image) => ({ url: image.url })),
    metadata: {
      gender: input.gender,
      categoryType: input.categoryType,
      subcategory: input.subcategory,
      styleGroup: input.styleGroup,
      genre: input.genre,
      colorName: input.colorName,
      colorHex: input.colorHex,
      fabric: input.fabric,
      collarStyle: input.collarStyle,
      sleeveType: input.sleeveType,
      seasonFit: input.seasonFit,
      washInstructions: input.washInstructions,
      gstPercent: input.gstPercent,
      returnable: input.returnable,
      drop: input.drop,
      countryOfOrigin: input.countryOfOrigin,
      manufacturer: input.manufacturer,
      mrp: input.mrp,
      media,
    },
    sizes: input.sizes.map((row) => ({ size: row.size, stock: row.stock, measurements: row.measurements })),
  }
}
