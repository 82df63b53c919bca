import { byPosition, resolveMediaUrl, toDisplayImage, usableImages, type DisplayImage } from "@/lib/product-image"
import type { Product } from "@fitshop/contracts"

/** All images in position order, primary first; falls back to imageUrl when the product has no images. */
export function getGalleryImages(product: Pick<Product, "images" | "imageUrl" | "title">): DisplayImage[] {
  const images = usableImages(product.images).sort(byPosition)
  const primaryIndex = images.findIndex((image) => image.isPrimary)
  const ordered = primaryIndex > 0 ? [images[primaryIndex], ...images.slice(0, primaryIndex), ...images.slice(primaryIndex + 1)] : images
  const gallery = ordered.flatMap((image) => (image ? [toDisplayImage(image, product.title)] : []))
  if (gallery.length > 0) return gallery
  if (product.imageUrl && product.imageUrl.trim() !== "") {
    return [{ url: resolveMediaUrl(product.imageUrl), alt: product.title }]
  }
  return []
}

export type GalleryItem = ({ kind: "image" } & DisplayImage) | { kind: "video"; url: string }

/** The gallery's items: every image (primary first), then every video. */
export function getGalleryMedia(product: Pick<Product, "images" | "imageUrl" | "title" | "videos">): GalleryItem[] {
  const images = getGalleryImages(product).map((image): GalleryItem => ({ kind: "image", ...image }))
  const videos = product.videos.filter((video) => video.url.trim() !== "").map((video): GalleryItem => ({ kind: "video", url: resolveMediaUrl(video.url) }))
  return [...images, ...videos]
}
