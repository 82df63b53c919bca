/** What the BFF does with the shared Product shape (contracts/src/catalog.ts): pick its picture, make its listing document. */

import { LISTED_FIELDS, type ListedProduct, type Product, type ProductImage } from "@fitshop/contracts"

/** The picture that stands for a product: its primary image, else its first. */
export const primaryImage = (product: Pick<Product, "images">): ProductImage | undefined => product.images.find((image) => image.isPrimary) ?? product.images[0]

export function listingDocument(product: Product): ListedProduct {
  const primary = primaryImage(product)
  const listed = Object.fromEntries(LISTED_FIELDS.map((field) => [field, product[field]])) as ListedProduct
  return { ...listed, images: primary ? [primary] : [] }
}
