import type { AdminProduct } from "@fitshop/contracts"
import { isoToIndiaLocal } from "./drop-time"
import { EMPTY_FORM, MEASUREMENT_NAMES, type EditorForm, type MeasurementName } from "./form-state"

const text = (value: string | null | undefined) => value ?? ""
const amount = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value))

/** A product as the admin API answers it, as the editor holds it: prices back in rupees (basePrice / 100), stock per size. */
export function formFromProduct(product: AdminProduct): EditorForm {
  const images = product.images.map((image, index) => ({
    key: `image-${String(index)}`,
    kind: "image" as const,
    url: image.url,
    altText: text(image.altText),
    isPrimary: image.isPrimary,
    uploading: false,
    progress: 1,
  }))
  const videos = product.videos.map((video, index) => ({
    key: `video-${String(index)}`,
    kind: "video" as const,
    url: video.url,
    altText: "",
    isPrimary: video.isPrimary ?? false,
    uploading: false,
    progress: 1,
  }))
  return {
    ...EMPTY_FORM,
    title: product.title,
    description: text(product.description),
    price: String(product.basePrice / 100),
    mrp: product.mrp === null ? "" : String(product.mrp / 100),
    gender: product.gender,
    styleGroup: product.styleGroup ?? "",
    categoryType: product.categoryType ?? "",
    subcategory: text(product.subcategory),
    collarStyle: product.collarStyle ?? EMPTY_FORM.collarStyle,
    fabric: text(product.fabric),
    seasonFit: product.seasonFit ?? EMPTY_FORM.seasonFit,
    sleeveType: product.sleeveType ?? EMPTY_FORM.sleeveType,
    colorName: text(product.colorName),
    colorHex: text(product.colorHex),
    genre: text(product.genre),
    washInstructions: text(product.washInstructions),
    gstPercent: amount(product.gstPercent),
    weightGrams: amount(product.weightGrams),
    returnable: product.returnable,
    countryOfOrigin: text(product.countryOfOrigin),
    manufacturer: text(product.manufacturer),
    dropScheduled: Boolean(product.drop),
    dropOpensAt: product.drop ? isoToIndiaLocal(product.drop.startsAt) : "",
    dropLimit: product.drop ? String(product.drop.limitPerShopper) : EMPTY_FORM.dropLimit,
    sizes: product.variants.map((variant) => {
      const measurements: Partial<Record<MeasurementName, number>> = {}
      for (const name of MEASUREMENT_NAMES) {
        const value = variant.measurements?.[name]
        if (value !== undefined) measurements[name] = value
      }
      return { size: variant.size, stock: String(variant.stockOnHand), measurements }
    }),
    media: [...images, ...videos],
  }
}
