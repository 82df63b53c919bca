import { IMAGE_SIZES, type Product } from "@fitshop/contracts"
import { srcSetFor } from "../../lib/image-variants.js"
import { primaryImage } from "../catalog/index.js"
import { rupees } from "../../lib/money.js"
import { escapeHtml } from "../../lib/html.js"
import { imagePreloadTag, scriptJson } from "./html.js"
import { serverAnswersTag, withHeadTags } from "./server-answers.js"

const BRAND = "Build Your Fit"

function absolute(url: string, publicUrl: string): string {
  return /^https?:\/\//.test(url) ? url : new URL(url, publicUrl).toString()
}

/**
 * The gallery's first image, the page's largest paint, is only known once the product is fetched;
 * a preload in the HTML lets the browser start on it while the scripts still load.
 */
function galleryImagePreload(product: Product): string[] {
  const image = primaryImage(product)
  return image ? [imagePreloadTag({ url: image.url, srcSet: srcSetFor(image.url) }, IMAGE_SIZES.galleryMain)] : []
}

/** The head tags a shared product link needs: title, description, Open Graph, Twitter and Product JSON-LD. */
export function productHeadTags(product: Product, publicUrl: string): { title: string; tags: string } {
  const url = new URL(`/product/${product.id}`, publicUrl).toString()
  const image = product.imageUrl ? absolute(product.imageUrl, publicUrl) : undefined
  const title = `${product.title} | ${BRAND}`
  const description = `${product.title} for ₹${rupees(product.basePrice)}${product.colorName ? ` in ${product.colorName}` : ""}. ${product.description}`.slice(
    0,
    300,
  )
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    sku: product.sku ?? product.id,
    image: product.images.map((img) => absolute(img.url, publicUrl)),
    brand: { "@type": "Brand", name: BRAND },
    color: product.colorName ?? undefined,
    material: product.fabric ?? undefined,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "INR",
      price: rupees(product.basePrice),
      availability: product.availableSizes.length ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  }
  const meta: [string, string, string][] = [
    ["name", "description", description],
    ["property", "og:type", "product"],
    ["property", "og:site_name", BRAND],
    ["property", "og:title", product.title],
    ["property", "og:description", description],
    ["property", "og:url", url],
    ...(image ? ([["property", "og:image", image]] as [string, string, string][]) : []),
    ["property", "product:price:amount", rupees(product.basePrice)],
    ["property", "product:price:currency", "INR"],
    ["name", "twitter:card", image ? "summary_large_image" : "summary"],
    ["name", "twitter:title", product.title],
    ["name", "twitter:description", description],
    ...(image ? ([["name", "twitter:image", image]] as [string, string, string][]) : []),
  ]
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...galleryImagePreload(product),
    ...meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ].join("\n    ")
  return { title, tags }
}

/**
 * Puts the product's title and tags into the storefront's index.html (replacing its generic title and
 * description), with the answer to the page's own read (`GET /api/products/{id}`) when there is one.
 */
export function renderProductHtml(indexHtml: string, product: Product, publicUrl: string, pageAnswer?: { body: Buffer; sentAt: number }): string {
  const { title, tags } = productHeadTags(product, publicUrl)
  const answers = pageAnswer ? [serverAnswersTag([{ url: `/api/products/${product.id}`, body: pageAnswer.body }], pageAnswer.sentAt)] : []
  return withHeadTags(
    indexHtml.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`).replace(/\s*<meta name="description"[^>]*>/, ""),
    [tags, ...answers],
  )
}
