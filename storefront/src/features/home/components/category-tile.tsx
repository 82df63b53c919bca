import { Link } from 'react-router-dom';
import type { CategoryType } from '@/types/product';
import { useCategoryCover } from '../api/get-category-cover';
import { categoryShopHref } from '../utils/categories';
import { getCardImage } from '../utils/product-image';

type CategoryTileProps = {
  type: CategoryType;
  subcategory: string;
};

/** A subcategory link pictured by one of its products; without one it stays a text tile of the same size. */
export function CategoryTile({ type, subcategory }: CategoryTileProps) {
  const cover = useCategoryCover({ categoryType: type, subcategory });
  const image = cover.data ? getCardImage(cover.data) : null;

  return (
    <Link
      to={categoryShopHref(type, subcategory)}
      className={image ? 'home-category-tile' : 'home-category-tile home-category-tile--text'}
      data-testid="category-tile"
    >
      {image ? (
        <img
          className="home-category-tile__image"
          src={image.url}
          alt=""
          width={400}
          height={500}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <span className="home-category-tile__name">{subcategory}</span>
    </Link>
  );
}
