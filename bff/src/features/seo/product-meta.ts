import { IMAGE_SIZES, SITE_NAME, productPath, type Product, type ProductDetail } from "@fitshop/contracts"
import { srcSetFor } from "../../lib/image-variants.js"
import { rupees } from "../../lib/money.js"
import { primaryImage } from "../catalog/index.js"
import { imagePreloadTag, scriptJson } from "./html.js"
import { absoluteUrl, type LinkPreview } from "./page-head.js"

/** How a shared product link previews: its title and picture, and its price in Open Graph's product tags. */
export function productPreview(product: Product): LinkPreview {
  return {
    type: "product",
    title: product.title,
    image: product.imageUrl ?? undefined,
    imageAlt: product.title,
    properties: [
      ["product:price:amount", rupees(product.basePrice)],
      ["product:price:currency", "INR"],
    ],
  }
}

/**
 * Product JSON-LD for search results: name, pictures, brand, colour, fabric, the offer with its stock, and the rating
 * of its reviews only when there is at least one (a rating search engines show must be real).
 */
export function productJsonLd(product: ProductDetail, publicUrl: string): string {
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    sku: product.sku ?? product.id,
    image: product.images.map((img) => absoluteUrl(img.url, publicUrl)),
    brand: { "@type": "Brand", name: SITE_NAME },
    color: product.colorName ?? undefined,
    material: product.fabric ?? undefined,
    offers: {
      "@type": "Offer",
      url: absoluteUrl(productPath(product.id), publicUrl),
      priceCurrency: "INR",
      price: rupees(product.basePrice),
      availability: product.availableSizes.length ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
    aggregateRating: product.rating
      ? { "@type": "AggregateRating", ratingValue: product.rating.average, reviewCount: product.rating.count, bestRating: 5, worstRating: 1 }
      : undefined,
  }
  return `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`
}

/** The gallery's first image, the page's largest paint: preloaded so the browser starts on it with the HTML. */
export function galleryImagePreload(product: Product): string[] {
  const image = primaryImage(product)
  return image ? [imagePreloadTag({ url: image.url, srcSet: srcSetFor(image.url) }, IMAGE_SIZES.galleryMain)] : []
}
