import type { Product, ProductImage } from "@fitshop/contracts"
import { pageOrigin } from "./page-origin"

/** The catalogue's photos are 800×1000 (4:5); img width and height reserve that space before they load. */
export const PRODUCT_IMAGE_WIDTH = 800
export const PRODUCT_IMAGE_HEIGHT = 1000

const ABSOLUTE_HTTP_URL = /^https?:\/\//i

/** http(s) addresses are used as they are; relative paths (e.g. /media/…) resolve against this origin. */
export function resolveMediaUrl(url: string): string {
  if (ABSOLUTE_HTTP_URL.test(url)) return url
  return new URL(url, pageOrigin()).href
}

/** What an <img> needs; srcSet is the BFF's root-relative candidate list, passed on as it came. */
export type DisplayImage = {
  url: string
  srcSet?: string
  alt: string
}

const hasText = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== ""

export const byPosition = (a: ProductImage, b: ProductImage) => a.position - b.position

/** The images that have a url; blank ones are left out everywhere. */
export const usableImages = (images: ProductImage[]) => images.filter((image) => hasText(image.url))

export function toDisplayImage(image: ProductImage, fallbackAlt: string): DisplayImage {
  const display: DisplayImage = { url: resolveMediaUrl(image.url), alt: image.altText || fallbackAlt }
  if (hasText(image.srcSet)) display.srcSet = image.srcSet
  return display
}

/** The displayed image: the primary image, else imageUrl, else the first image by position; null when there is none. */
export function getPrimaryImage(product: Pick<Product, "images" | "imageUrl" | "title">): DisplayImage | null {
  const images = usableImages(product.images)
  const primary = images.find((image) => image.isPrimary)
  if (primary) return toDisplayImage(primary, product.title)
  if (hasText(product.imageUrl)) return { url: resolveMediaUrl(product.imageUrl), alt: product.title }
  const first = [...images].sort(byPosition)[0]
  return first ? toDisplayImage(first, product.title) : null
}

/** src, plus srcSet and its sizes only when the image has a srcSet (sizes means nothing without one). */
export function imageSourceProps(image: DisplayImage, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  return image.srcSet ? { src: image.url, srcSet: image.srcSet, sizes } : { src: image.url }
}
