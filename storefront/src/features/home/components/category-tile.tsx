import { type CategoryType, IMAGE_SIZES } from "@fitshop/contracts"
import { Link } from "react-router-dom"
import { getPrimaryImage, imageSourceProps } from "@/lib/product-image"
import { useCategoryCover } from "../api/get-category-cover"
import { categoryShopHref } from "../utils/categories"

type CategoryTileProps = {
  type: CategoryType
  subcategory: string
  /** Loads the image eagerly and first: the page's largest paint on a phone. */
  aboveTheFold?: boolean
}

/** A subcategory link pictured by one of its products; without one it stays a text tile of the same size. */
export function CategoryTile({ type, subcategory, aboveTheFold = false }: CategoryTileProps) {
  const cover = useCategoryCover({ categoryType: type, subcategory })
  const image = cover.data ? getPrimaryImage(cover.data) : null

  return (
    <Link
      to={categoryShopHref(type, subcategory)}
      className={image ? "home-category-tile" : "home-category-tile home-category-tile--text"}
      data-testid="category-tile"
    >
      {image ? (
        <img
          className="home-category-tile__image"
          {...imageSourceProps(image, IMAGE_SIZES.categoryTile)}
          alt=""
          width={400}
          height={500}
          loading={aboveTheFold ? "eager" : "lazy"}
          fetchPriority={aboveTheFold ? "high" : "auto"}
          decoding="async"
        />
      ) : null}
      <span className="home-category-tile__name">{subcategory}</span>
    </Link>
  )
}
