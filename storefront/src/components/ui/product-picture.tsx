import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH, getPrimaryImage, imageSourceProps } from "@/lib/product-image"
import type { Product } from "@fitshop/contracts"

type ProductPictureProps = {
  product: Pick<Product, "images" | "imageUrl" | "title">
  /** The img sizes for the layout the picture sits in. */
  sizes: string
  className?: string
  /** The placeholder's text when there is no image. */
  emptyText?: string
}

/** A product's displayed image, lazily loaded, or a 'No image' placeholder when it has none. */
export function ProductPicture({ product, sizes, className, emptyText = "No image" }: ProductPictureProps) {
  const image = getPrimaryImage(product)
  return (
    <div className={className}>
      {image ? (
        <img {...imageSourceProps(image, sizes)} alt={image.alt} width={PRODUCT_IMAGE_WIDTH} height={PRODUCT_IMAGE_HEIGHT} loading="lazy" decoding="async" />
      ) : (
        <span className="product-picture__none" aria-hidden="true">
          {emptyText}
        </span>
      )}
    </div>
  )
}
